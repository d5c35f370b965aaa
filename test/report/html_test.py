#!/usr/bin/env python3
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""usage: html_test.py BANKCHECK [EXTRA-BANKCHECK-ARGS...]

Runs `BANKCHECK --format=html --no-cuda-toolkit bankmaps.cu` from
test/report/Inputs and checks the page:
  - as text: no URL to fetch (no "http", no src=, only in-page #links, no CSS
    url() or @import), one inline script, the controls that sort and filter;
  - as rendered by headless Chromium (--dump-dom): the summary tables, one
    row per access of `--format=json`, one <svg> bank map per conflict or
    possible conflict with one row per wavefront of the worst warp, a second
    map after the padding where there is one, the source line of each
    conflict, and the template kernel's name intact (escaped in the source,
    "<" in the DOM);
  - at scale: the page for 500 kernels with two conflicts each is at most
    2 MB and Chromium draws it in under 5 s (the page's data-rendered-ms);
  - that Chromium, loading the page and taking a screenshot through a proxy
    that records every connection, makes no request for the page (the
    browser's own service hosts, listed below, are ignored);
  - that the screenshot is a PNG that is not blank.
Exits 77 with a SKIP line when no Chromium is installed (Debian: chromium).
Set CHROMIUM to the browser to use, KEEP_HTML_TEST=DIR to keep the page and
screenshot in DIR.
"""
import html.parser
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "Inputs")
INPUT = "bankmaps.cu"

# Hosts Chromium contacts on its own (component updater, sign-in, network
# time), whatever the page: connections to them are not the page's.
BROWSER_HOSTS = {
    "update.googleapis.com", "accounts.google.com", "redirector.gvt1.com",
    "clients1.google.com", "clients2.google.com", "clients4.google.com",
    "optimizationguide-pa.googleapis.com", "safebrowsingohttpgateway.googleapis.com",
    "content-autofill.googleapis.com", "android.clients.google.com",
}

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def find_chromium():
    for name in [os.environ.get("CHROMIUM", ""), "chromium", "chromium-browser",
                 "google-chrome", "google-chrome-stable"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def run_bankcheck(bankcheck, fmt, extra):
    r = subprocess.run([bankcheck, "--format=" + fmt, "--no-cuda-toolkit", *extra, INPUT],
                       cwd=INPUTS, capture_output=True, text=True, timeout=300)
    if r.returncode > 1:
        print("FAIL: bankcheck --format=%s exited with %d\n%s" % (fmt, r.returncode, r.stderr),
              file=sys.stderr)
        sys.exit(1)
    return r.stdout


class RecordingProxy:
    """A TCP listener given to Chromium as its proxy: every request the
    browser makes arrives here first and is recorded, then refused."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(32)
        self.port = self.sock.getsockname()[1]
        self.requests = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            conn.settimeout(3)
            try:
                line = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
            except OSError as e:
                line = "<unreadable: %s>" % e
            self.requests.append(line)
            try:
                conn.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            except OSError:
                pass
            conn.close()

    def page_requests(self):
        """Requests other than to BROWSER_HOSTS: `CONNECT host:443 ...` or
        `GET http://host/... ...`. A connection closed before it sent a
        request line (Chromium opens spare connections to its proxy ahead of
        need, and under load one may go unused) asked for nothing."""
        out = []
        for line in self.requests:
            if not line:
                continue
            parts = line.split()
            target = parts[1] if len(parts) > 1 else line
            host = target.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
            if host not in BROWSER_HOSTS:
                out.append(line)
        return out

    def close(self):
        self.sock.close()


def chromium(browser, proxy, profile, *args):
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--no-first-run", "--disable-default-apps", "--disable-domain-reliability",
           "--no-pings", "--disable-breakpad", "--disable-extensions",
           "--user-data-dir=" + profile,
           "--proxy-server=http://127.0.0.1:%d" % proxy.port,
           "--proxy-bypass-list=<-loopback>", *args]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    if r.returncode != 0:
        print("FAIL: %s exited with %d\n%s" % (browser, r.returncode, r.stderr[-3000:]),
              file=sys.stderr)
        sys.exit(1)
    return r.stdout


class Dom(html.parser.HTMLParser):
    """The parts of the rendered DOM the checks need."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.tables = {}          # id -> number of <tr> in its <tbody>
        self.svgs = []            # [{"attrs":..., "rows": n, "article": id}]
        self.articles = []        # ids
        self.article = None
        self.findings_cells = []  # text of every <td> of table#findings
        self.after_svgs = 0       # <svg class="bankmap after">: after the padding
        self.snippets = 0         # <pre class="src">
        self.rendered_ms = None
        self._before = True
        self._table = None
        self._in_tbody = False
        self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append(tag)
        if tag == "table":
            self._table = a.get("id")
            self.tables.setdefault(self._table, 0)
        elif tag == "tbody":
            self._in_tbody = True
        elif tag == "tr" and self._in_tbody and self._table is not None:
            self.tables[self._table] += 1
        elif tag == "td" and self._table == "findings":
            self._cell = ""
        elif tag == "article":
            self.article = a.get("id")
            self.articles.append(self.article)
        elif tag == "svg":
            self._before = "after" not in a.get("class", "").split()
            if self._before:
                self.svgs.append({"attrs": a, "rows": 0, "article": self.article})
            else:
                self.after_svgs += 1
        elif tag == "pre" and "src" in a.get("class", "").split():
            self.snippets += 1
        elif tag == "html":
            self.rendered_ms = a.get("data-rendered-ms")
        elif tag == "g" and self.svgs and "svg" in self.stack and self._counting() and \
                "wavefront" in a.get("class", "").split():
            self.svgs[-1]["rows"] += 1

    def _counting(self):
        return self._before  # inside a map of the worst warp, not one after the padding

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass
        if tag == "table":
            self._table = None
        elif tag == "tbody":
            self._in_tbody = False
        elif tag == "td" and self._cell is not None:
            self.findings_cells.append(self._cell)
            self._cell = None
        elif tag == "article":
            self.article = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def png_looks_drawn(path):
    """A PNG whose decoded rows hold many byte values (a blank page has a few)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False, "not a PNG"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    distinct = len(set(zlib.decompress(idat)))
    return distinct > 32, "%s pixels, %d distinct byte values" % (size, distinct)


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bankcheck, extra = sys.argv[1], sys.argv[2:]
    browser = find_chromium()
    if browser is None:
        print("SKIP: no Chromium found (install the Debian package chromium, or set CHROMIUM)")
        return 77

    accesses = json.loads(run_bankcheck(bankcheck, "json", extra))["accesses"]
    page = run_bankcheck(bankcheck, "html", extra)
    diagnostics = [a for a in accesses
                   if a["status"] in ("conflict", "possible") and not a.get("suppressed")
                   and not a.get("below_min_degree")]
    check(len(diagnostics) >= 5, "bankmaps.cu to give at least 5 conflicts, not %d" % len(diagnostics))
    check(any(a["status"] == "possible" for a in diagnostics), "a possible conflict in bankmaps.cu")
    check(any(a.get("suppressed") for a in accesses), "a suppressed conflict in bankmaps.cu")

    # The page as text: nothing that a browser would fetch.
    check(page.startswith("<!DOCTYPE html>"), "the page to begin with <!DOCTYPE html>")
    low = page.lower()
    for bad in ("http", "src=", "url(", "@import", "<script src", "<link", "<iframe", "<object"):
        check(bad not in low, "no %r in the page" % bad)
    check(low.count("<script") == 1 and "<script>" in low, "one inline <script> (no attributes)")
    check('<input id="filter"' in page and '<select id="status"' in page, "the filter controls")
    for chunk in low.split("href=")[1:]:
        check(chunk.startswith('"#'), "only in-page links, not href=%s" % chunk[:40])
    check("strided&lt;2&gt;" in page, "the kernel strided<2> escaped as strided&lt;2&gt;")

    keep = os.environ.get("KEEP_HTML_TEST")
    tmp = tempfile.mkdtemp(prefix="bankcheck-html-")
    try:
        html_path = os.path.join(tmp, "report.html")
        with open(html_path, "w", encoding="utf-8") as f:
            f.write(page)
        url = "file://" + html_path
        proxy = RecordingProxy()
        dom_text = chromium(browser, proxy, os.path.join(tmp, "profile"), "--dump-dom", url)
        shot = os.path.join(tmp, "report.png")
        chromium(browser, proxy, os.path.join(tmp, "profile"), "--screenshot=" + shot,
                 "--window-size=1280,2000", "--hide-scrollbars", url)

        dom = Dom()
        dom.feed(dom_text)
        check(dom.tables.get("counts") == 1, "table#counts with one row of counts")
        check(dom.tables.get("findings") == len(accesses),
              "table#findings with %d rows, one per access, not %s"
              % (len(accesses), dom.tables.get("findings")))
        check(any(c == "strided<2>" for c in dom.findings_cells),
              "the kernel cell 'strided<2>' in the rendered table")
        check(len(dom.svgs) == len(diagnostics),
              "%d <svg> bank maps, one per conflict, not %d" % (len(diagnostics), len(dom.svgs)))
        for svg in dom.svgs:
            art = svg["article"] or ""
            index = int(art.split("-")[-1]) if art.startswith("finding-") else -1
            check(0 <= index < len(accesses), "every <svg> inside an article#finding-N")
            if not 0 <= index < len(accesses):
                continue
            want = accesses[index]
            check(want in diagnostics, "article #%s to be a conflict" % art)
            check(svg["attrs"].get("data-wavefronts") == str(want["wavefronts_worst"]),
                  "#%s: data-wavefronts %s, the JSON's wavefronts_worst %d"
                  % (art, svg["attrs"].get("data-wavefronts"), want["wavefronts_worst"]))
            check(svg["rows"] == want["wavefronts_worst"],
                  "#%s: %d wavefront rows, the JSON's wavefronts_worst %d"
                  % (art, svg["rows"], want["wavefronts_worst"]))

        check(dom.snippets == len(diagnostics),
              "%d source lines, one per conflict, not %d" % (len(diagnostics), dom.snippets))
        afters = page.count('<figure class="after" data-map=')
        check(dom.after_svgs == afters, "%d bank maps after the padding, not %d" % (afters, dom.after_svgs))
        check(any(a.get("fixes") for a in diagnostics) <= (afters > 0),
              "a bank map after the padding for the conflicts with a fix-it")

        # At scale: 500 kernels, two conflicts each.
        kernels = "".join(
            "__global__ void k%d(float *o) {\n  __shared__ float t[32][32];\n"
            "  t[threadIdx.y][threadIdx.x] = threadIdx.x;\n  __syncthreads();\n"
            "  o[threadIdx.x] = t[threadIdx.x][threadIdx.y] + t[threadIdx.x][%d];\n}\n" % (n, n % 32)
            for n in range(500))
        host = "void go(float *o) {\n" + "".join("  k%d<<<1, dim3(32, %d)>>>(o);\n" % (n, 1 + n % 8)
                                                for n in range(500)) + "}\n"
        big_src = os.path.join(tmp, "k500.cu")
        with open(big_src, "w") as f:
            f.write(kernels + host)
        big = os.path.join(tmp, "k500.html")
        r = subprocess.run([bankcheck, "--format=html", "--no-cuda-toolkit", "--quiet", "-o", big, *extra,
                            "k500.cu"], cwd=tmp, capture_output=True, text=True, timeout=600)
        check(r.returncode == 1, "bankcheck to find the 1000 conflicts of k500.cu (%s)" % r.stderr[-500:])
        size = os.path.getsize(big) if os.path.exists(big) else 0
        check(0 < size <= 2 * 1024 * 1024, "the page for 500 kernels within 2 MB, not %d bytes" % size)
        big_dom = Dom()
        big_dom.feed(chromium(browser, proxy, os.path.join(tmp, "profile"), "--dump-dom", "file://" + big))
        ms = int(big_dom.rendered_ms or 10 ** 9)
        check(ms < 5000, "the page for 500 kernels drawn in under 5 s, not %d ms" % ms)
        check(len(big_dom.svgs) >= 20, "the first bank maps of the 500 kernels drawn at once")
        print("500 kernels: %d bytes, drawn in %d ms" % (size, ms))

        proxy.close()
        requested = proxy.page_requests()
        check(not requested, "no network request, but Chromium asked for: %s" % requested)
        ok, how = png_looks_drawn(shot)
        check(ok, "a screenshot that is not blank (%s)" % how)
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copy(html_path, keep)
            shutil.copy(shot, keep)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for f in failures:
        print("FAIL: expected " + f, file=sys.stderr)
    if failures:
        return 1
    print("PASS: %s --format=html: %d accesses, %d bank maps, no network request"
          % (bankcheck, len(accesses), len(diagnostics)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
