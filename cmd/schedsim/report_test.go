package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// probeScript, added to a copy of report.html, writes what the browser
// made of the page into the DOM that --dump-dom prints: images that did
// not decode, inline SVG figures that drew nothing, the figures and the
// length of the text.
const probeScript = `<script>
window.addEventListener('load', function () {
  var broken = 0, empty = 0;
  document.querySelectorAll('img').forEach(function (i) { if (!i.complete || i.naturalWidth === 0) broken++; });
  document.querySelectorAll('figure svg').forEach(function (s) { var b = s.getBBox(); if (b.width === 0 || b.height === 0) empty++; });
  var d = document.createElement('div');
  d.id = 'probe';
  d.textContent = 'broken=' + broken + ' empty=' + empty + ' figures=' + document.querySelectorAll('figure').length + ' text=' + document.body.innerText.length;
  document.body.appendChild(d);
});
</script>`

// TestReportInBrowser renders the report of karatza-quick, of a trace
// replay (with schedule views) and of a slot-kind sweep (with the chosen
// windows) in headless Chromium: it fails on a console
// error, a broken image or figure, a reference to the network or an empty
// page, and keeps the screenshots in out/ at the module root.
func TestReportInBrowser(t *testing.T) {
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed (.ci/run installs Debian's chromium)")
	}
	shots, err := filepath.Abs("../../out")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		args    []string
		figures bool // one point has no figure
	}{
		{"karatza-quick", []string{"run", "karatza-quick", "--replications", "3"}, false},
		{"replay-tiny", []string{"replay", "--trace", "../../scenarios/examples/tiny.swf", "--policy", "fcfs,easy,conservative", "--schedule", "--baseline", "policy=fcfs"}, true},
		{"slot-windows", []string{"run", "../../scenarios/examples/slot-windows.yaml", "--schedule"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append(c.args, "--out", out, "--progress", "never")
			if code, _, stderr := runCLI(t, args...); code != exitOK {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			page, err := os.ReadFile(filepath.Join(out, "report.html"))
			if err != nil {
				t.Fatal(err)
			}
			if m := regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).Find(page); m != nil {
				t.Errorf("report.html reaches the network: %s", m)
			}
			if bytes.Contains(page, []byte("<script")) {
				t.Error("report.html has a script")
			}
			probe := filepath.Join(out, "probe.html")
			if err := os.WriteFile(probe, bytes.Replace(page, []byte("</body>"), []byte(probeScript+"</body>"), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			dom, _ := chromium(t, browser, probe, "--dump-dom", "--virtual-time-budget=10000")
			m := regexp.MustCompile(`broken=(\d+) empty=(\d+) figures=(\d+) text=(\d+)`).FindStringSubmatch(dom)
			if m == nil {
				t.Fatalf("the page did not load (no probe in the DOM): %.300s", dom)
			}
			n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
			if n(1) > 0 || n(2) > 0 || (n(3) > 0) != c.figures || n(4) < 500 {
				t.Errorf("%s: %d broken images, %d empty figures, %d figures, %d characters of text", c.name, n(1), n(2), n(3), n(4))
			}
			shot := filepath.Join(shots, "report-"+c.name+".png")
			_, logs := chromium(t, browser, filepath.Join(out, "report.html"), "--screenshot="+shot, "--window-size=1280,2400", "--enable-logging=stderr", "--v=0")
			for _, line := range strings.Split(logs, "\n") {
				if strings.Contains(line, "CONSOLE") && (strings.Contains(line, "rror") || strings.Contains(line, "Failed") || strings.Contains(line, "Uncaught")) {
					t.Errorf("console: %s", line)
				}
			}
			checkScreenshot(t, shot)
		})
	}
}

// chromium runs headless Chromium on a file and returns its stdout and
// stderr.
func chromium(t *testing.T, browser, file string, args ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--no-first-run", "--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, browser, append(append(base, args...), "file://"+file)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v: %.500s", args, err, stderr.String())
	}
	return stdout.String(), stderr.String()
}

// checkScreenshot requires a PNG that is not blank.
func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", path, err)
	}
	b, ink := img.Bounds(), 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xc000 || g < 0xc000 || bl < 0xc000 {
				ink++
			}
		}
	}
	if ink < 2000 {
		t.Errorf("screenshot %s is nearly blank (%d dark pixels sampled)", path, ink)
	}
}
