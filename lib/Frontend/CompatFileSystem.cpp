//===- CompatFileSystem.cpp - Files as Clang reads them -------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/CompatFileSystem.h"
#include "Frontend/NvccCompat.h"

#include "llvm/Support/MemoryBuffer.h"

namespace bankcheck::frontend {

namespace {
/// A file whose contents were rewritten: the original status (the size is
/// the same), the new bytes.
class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(llvm::vfs::Status S, std::string Text) : S(std::move(S)), Text(std::move(Text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &Name, int64_t, bool,
                                                                 bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Text, Name.str());
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::string Text;
};

class CompatFS : public llvm::vfs::ProxyFileSystem {
public:
  CompatFS(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::shared_ptr<CompatLog> Log,
           std::vector<std::string> Skip, std::shared_ptr<const TemplateKeywordPlaces> Keywords)
      : ProxyFileSystem(std::move(Base)), Log(std::move(Log)), Skip(std::move(Skip)), Keywords(std::move(Keywords)) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    std::string P = Path.str();
    if (skipped(P))
      return ProxyFileSystem::openFileForRead(Path);
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    auto St = (*F)->status();
    auto Buf = (*F)->getBuffer(Path, -1, false, false);
    if (!St || !Buf)
      return ProxyFileSystem::openFileForRead(Path);
    std::string Text = (*Buf)->getBuffer().str();
    const std::vector<std::size_t> *Names = nullptr;
    if (Keywords)
      if (auto It = Keywords->find(P); It != Keywords->end())
        Names = &It->second;
    if (!Names && !mayRewriteForClang(Text)) // served from what was read, not read again
      return std::unique_ptr<llvm::vfs::File>(std::make_unique<RewrittenFile>(*St, std::move(Text)));
    std::string Original = Text;
    std::vector<CompatEdit> Edits = rewriteForClang(Text);
    if (Names) {
      // The places are those of the first parse, which read this rewrite:
      // it keeps every offset, so they hold.
      std::vector<CompatEdit> More = insertTemplateKeywords(Text, *Names);
      Edits.insert(Edits.end(), More.begin(), More.end());
      std::stable_sort(Edits.begin(), Edits.end(),
                       [](const CompatEdit &A, const CompatEdit &B) { return A.Offset < B.Offset; });
    }
    if (Edits.empty() || Text.size() != Original.size()) // served from what was read, not read again
      return std::unique_ptr<llvm::vfs::File>(std::make_unique<RewrittenFile>(*St, std::move(Original)));
    {
      std::lock_guard<std::mutex> G(Log->Lock);
      for (const CompatEdit &E : Edits) {
        report::Note N;
        N.Loc.Path = St->getName().str();
        N.Loc.Line = 1 + std::count(Original.begin(), Original.begin() + E.Offset, '\n');
        std::size_t LineStart = Original.rfind('\n', E.Offset ? E.Offset - 1 : 0);
        N.Loc.Column = E.Offset - (LineStart == std::string::npos || E.Offset == 0 ? 0 : LineStart + 1) + 1;
        N.Loc.Offset = E.Offset;
        N.Message = "accepted as nvcc does: " + E.What;
        Log->Edits.push_back(std::move(N));
      }
    }
    return std::unique_ptr<llvm::vfs::File>(std::make_unique<RewrittenFile>(*St, std::move(Text)));
  }

private:
  /// Under one of Skip as spelled or once resolved: the driver spells the
  /// C++ library's headers from its own directory
  /// (`/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/cmath`),
  /// which no prefix matches until `..` and symbolic links are resolved.
  bool skipped(llvm::StringRef P) {
    auto Under = [&](llvm::StringRef Q) {
      for (const std::string &S : Skip)
        if (!S.empty() && Q.starts_with(S))
          return true;
      return false;
    };
    if (Under(P))
      return true;
    if (!P.contains("/../") && !P.contains("/./"))
      return false;
    llvm::SmallString<256> Real;
    return !getRealPath(P, Real) && Under(Real);
  }

  std::shared_ptr<CompatLog> Log;
  std::vector<std::string> Skip;
  std::shared_ptr<const TemplateKeywordPlaces> Keywords;
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
nvccCompatFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::shared_ptr<CompatLog> Log,
                     std::vector<std::string> Skip, std::shared_ptr<const TemplateKeywordPlaces> Keywords) {
  return llvm::makeIntrusiveRefCnt<CompatFS>(std::move(Base), std::move(Log), std::move(Skip), std::move(Keywords));
}

} // namespace bankcheck::frontend
