"""End-to-end tests of the padding fix-its: --fix on copies of every example and
golden kernel, recompilation, idempotence, dry runs, YAML export, and safety
(read-only files, symlinks, CRLF, files changed since analysis).
BANKCHECK names the binary; GOLDEN_DIR and EXAMPLES_DIR the inputs."""
import glob
import json
import os
import shutil
import stat
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BANKCHECK = os.environ.get("BANKCHECK", "bankcheck")
NVCC = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
CLANG = "/usr/lib/llvm-19/bin/clang++"
APPLY = shutil.which("clang-apply-replacements-19")


def bankcheck(*args):
    # Source widths: the same verdicts whether or not nvcc is installed here.
    return subprocess.run([BANKCHECK, "--color-output=never", "--quiet", "--widths=source", *args],
                          capture_output=True, text=True, timeout=600)


def inputs():
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "*.cu")))
    files += sorted(f for f in glob.glob(os.path.join(ROOT, "test", "golden", "*", "*.cu"))
                    if not os.path.basename(f).startswith("xfail-"))
    # BANKCHECK_FIX_SAMPLE=N: every N-th file only (the sanitizer build, where
    # each run is several times slower; the plain build runs them all).
    step = int(os.environ.get("BANKCHECK_FIX_SAMPLE", "1") or "1")
    return files[::max(step, 1)]


def compiles(path):
    """nvcc -c when nvcc is installed, else clang -fsyntax-only in CUDA mode with
    the same command bankcheck uses (its built-in headers materialised)."""
    if NVCC:
        p = subprocess.run([NVCC, "-arch=sm_90", "-c", path, "-o", os.devnull],
                           capture_output=True, text=True)
        return p.returncode == 0, p.stderr
    line = bankcheck("--print-clang-command", "--no-cuda-toolkit", path).stdout.strip().split(" ")
    inc = os.path.join(ROOT, "lib", "Frontend", "builtin-include")
    args = [a.replace("/__bankcheck_builtin__/include", inc) for a in line[1:]]
    p = subprocess.run([CLANG, *args], capture_output=True, text=True)
    return p.returncode == 0, p.stderr


class FixAll(unittest.TestCase):
    def test_fixed_copies_compile_lose_their_padding_fixable_conflicts_and_are_stable(self):
        tmp = tempfile.mkdtemp()
        try:
            fixed_any = 0
            for src in inputs():
                name = os.path.basename(os.path.dirname(src)) + "_" + os.path.basename(src)
                dst = os.path.join(tmp, name)
                shutil.copy(src, dst)
                # One run reports the file as it was and applies its fix-its; a
                # second reports the fixed file and must find nothing left to apply.
                r = bankcheck("--format=json", "--fix", dst)
                self.assertIn(r.returncode, (0, 1), name + r.stderr)
                before = json.loads(r.stdout or "{}")
                if not before:
                    continue
                full_fixes = set()
                for a in before["accesses"]:
                    if a.get("suppressed"):
                        continue  # NOLINT: its fix-it is not applied
                    for n in a.get("notes", []):
                        if (n["message"].startswith("pad the innermost") or n["message"].startswith("swizzle the")) \
                                and "-> 1-way" in n["message"] and a.get("fixes"):
                            full_fixes.add(a["array_decl"]["line"])
                has_fix = any(a.get("fixes") for a in before["accesses"])
                if not has_fix:
                    continue
                fixed_any += 1
                ok, err = compiles(dst)
                if not ok and not NVCC and not compiles(src)[0]:
                    # nvcc-only source (bankcheck reads it as nvcc does, Clang
                    # does not): where nvcc is installed it is compiled there.
                    print("note: %s: not compiled after --fix: Clang rejects the original too" % name)
                else:
                    self.assertTrue(ok, "%s does not compile after --fix:\n%s" % (name, err))
                with open(dst, "rb") as f:
                    once = f.read()
                r = bankcheck("--format=json", "--fix", dst)
                self.assertIn(r.returncode, (0, 1), name + r.stderr)
                after = json.loads(r.stdout)
                for a in after["accesses"]:
                    if a["array_decl"]["line"] in full_fixes:
                        self.assertNotEqual(a["status"], "conflict",
                                            "%s:%d still conflicts after padding" % (name, a["line"]))
                with open(dst, "rb") as f:
                    self.assertEqual(f.read(), once, name + ": a second --fix changed the file")
            self.assertGreater(fixed_any, 3 if len(inputs()) > 20 else 0)
        finally:
            shutil.rmtree(tmp)


KERNEL = ("#include <cuda_runtime.h>\r\n"
          "\xef\xbb\xbf"[0:0] +
          "__global__ void k(float *o) {\r\n"
          "\t__shared__ float tile[32][32]; // caf\u00e9\r\n"
          "  o[threadIdx.x] = tile[threadIdx.x][0];\r\n"
          "}\r\n"
          "void go(float *o) { k<<<1, 32>>>(o); }\r\n")


class Safety(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.path = os.path.join(self.tmp, "k.cu")
        with open(self.path, "wb") as f:
            f.write(b"\xef\xbb\xbf" + KERNEL.encode("utf-8"))

    def tearDown(self):
        for root, dirs, files in os.walk(self.tmp):
            for f in files:
                os.chmod(os.path.join(root, f), stat.S_IRUSR | stat.S_IWUSR)
        shutil.rmtree(self.tmp)

    def read(self, p=None):
        with open(p or self.path, "rb") as f:
            return f.read()

    def test_crlf_bom_tabs_and_non_ascii_survive_byte_for_byte(self):
        old = self.read()
        r = bankcheck("--fix", self.path)
        new = self.read()
        self.assertEqual(new, old.replace(b"tile[32][32]", b"tile[32][33]"), r.stderr)

    def test_dry_run_prints_a_diff_and_changes_nothing(self):
        old = self.read()
        r = bankcheck("--fix-dry-run", self.path)
        self.assertIn("-\t__shared__ float tile[32][32];", r.stdout)
        self.assertIn("+\t__shared__ float tile[32][33];", r.stdout)
        self.assertEqual(self.read(), old)

    def test_a_read_only_file_is_refused_and_untouched(self):
        os.chmod(self.path, stat.S_IRUSR)
        old = self.read()
        r = bankcheck("--fix", self.path)
        self.assertEqual(r.returncode, 2)
        self.assertIn("read-only", r.stderr)
        self.assertEqual(self.read(), old)

    def test_the_target_of_a_symlink_is_edited_and_the_link_kept(self):
        link = os.path.join(self.tmp, "link.cu")
        os.symlink(self.path, link)
        bankcheck("--fix", link)
        self.assertTrue(os.path.islink(link))
        self.assertIn(b"tile[32][33]", self.read())

    def test_permissions_are_kept(self):
        os.chmod(self.path, 0o640)
        bankcheck("--fix", self.path)
        self.assertEqual(stat.S_IMODE(os.stat(self.path).st_mode), 0o640)

    def test_a_header_declaring_the_tile_is_fixed_with_the_file_that_uses_it(self):
        header = os.path.join(self.tmp, "tile.cuh")
        with open(header, "w") as f:
            f.write("__shared__ float tile[32][32];\n")
        main = os.path.join(self.tmp, "use.cu")
        with open(main, "w") as f:
            f.write('#include "tile.cuh"\n'
                    "__global__ void k(float *o) { o[threadIdx.x] = tile[threadIdx.x][0]; }\n"
                    "void go(float *o) { k<<<1, 32>>>(o); }\n")
        r = bankcheck("--fix", main)
        self.assertIn(r.returncode, (0, 1), r.stderr)
        with open(header) as f:
            self.assertEqual(f.read(), "__shared__ float tile[32][33];\n")

    @unittest.skipUnless(APPLY, "SKIP: clang-apply-replacements-19 is not installed")
    def test_exported_fixes_apply_with_clang_apply_replacements(self):
        yaml_dir = os.path.join(self.tmp, "fixes")
        os.makedirs(yaml_dir)
        old = self.read()
        bankcheck("--export-fixes=" + os.path.join(yaml_dir, "k.yaml"), self.path)
        self.assertEqual(self.read(), old)
        subprocess.run([APPLY, yaml_dir], check=True)
        self.assertEqual(self.read(), old.replace(b"tile[32][32]", b"tile[32][33]"))


DYN_KERNEL = ("#include <cuda_runtime.h>\n"
              "#define TILE 32\n"
              "__global__ void transposeDyn(float *out) {\n"
              "  extern __shared__ float smem[];\n"
              "  smem[threadIdx.y * TILE + threadIdx.x] = out[threadIdx.x];\n"
              "  __syncthreads();\n"
              "  out[threadIdx.x] = smem[threadIdx.x * TILE + threadIdx.y];\n"
              "}\n"
              "void here(float *out) { transposeDyn<<<1, dim3(32, 8), TILE * TILE * sizeof(float)>>>(out); }\n")
DYN_LAUNCH = ("#include <cuda_runtime.h>\n"
              "__global__ void transposeDyn(float *out);\n"
              "void there(float *out, size_t n) { transposeDyn<<<2, dim3(32, 8), %s>>>(out); }\n")


class ExternLaunchSizes(unittest.TestCase):
    """extern __shared__ rows padded with every launch's size, in one file and
    across the files of a project; the fixed files compile and stay fixed."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.kernel = os.path.join(self.tmp, "k.cu")
        with open(self.kernel, "w") as f:
            f.write(DYN_KERNEL)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def launcher(self, size):
        path = os.path.join(self.tmp, "launch.cu")
        with open(path, "w") as f:
            f.write(DYN_LAUNCH % size)
        return path

    def read(self, path):
        with open(path) as f:
            return f.read()

    def fix_twice(self, *files):
        r = bankcheck("--fix", *files)
        self.assertIn(r.returncode, (0, 1), r.stderr)
        once = [self.read(f) for f in files]
        for f in files:
            ok, err = compiles(f)
            self.assertTrue(ok, "%s does not compile after --fix:\n%s" % (f, err))
        r = bankcheck("--format=json", "--fix", *files)
        self.assertEqual([self.read(f) for f in files], once, "a second --fix changed a file")
        return json.loads(r.stdout)

    def test_the_rows_and_the_launch_size_are_fixed_together(self):
        after = self.fix_twice(self.kernel)
        text = self.read(self.kernel)
        self.assertIn("smem[threadIdx.y * (TILE + 1) + threadIdx.x]", text)
        self.assertIn("smem[threadIdx.x * (TILE + 1) + threadIdx.y]", text)
        self.assertIn("<<<1, dim3(32, 8), (TILE + 1) * TILE * sizeof(float)>>>", text)
        self.assertFalse([a for a in after["accesses"] if a["status"] == "conflict"])

    def test_a_launch_in_another_file_of_the_project_grows_too(self):
        other = self.launcher("32 * 32 * sizeof(float)")
        self.fix_twice(self.kernel, other)
        self.assertIn("(TILE + 1) * TILE * sizeof(float)", self.read(self.kernel))
        self.assertIn("<<<2, dim3(32, 8), 33 * 32 * sizeof(float)>>>", self.read(other))

    def test_a_run_time_size_elsewhere_leaves_every_file_as_it_was(self):
        other = self.launcher("n")
        r = bankcheck("--fix", self.kernel, other)
        self.assertIn("no fix-it for the rows of 'smem' after all", r.stdout + r.stderr)
        self.assertEqual(self.read(self.kernel), DYN_KERNEL)
        self.assertEqual(self.read(other), DYN_LAUNCH % "n")


if __name__ == "__main__":
    unittest.main()
