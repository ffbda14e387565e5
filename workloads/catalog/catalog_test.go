package catalog

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLookupNamesAliasesFiles(t *testing.T) {
	for name, want := range map[string]string{
		"SDSC-SP2":                            "SDSC-SP2",
		"sdsc-sp2":                            "SDSC-SP2",
		"SDSC-SP2-1998-4.2-cln.swf.gz":        "SDSC-SP2",
		"SDSC-SP2-1998-4.2-cln":               "SDSC-SP2",
		"lublin_256":                          "lublin-256",
		"lublin_256.swf.gz":                   "lublin-256",
		"sdsc-sp2-excerpt":                    "SDSC-SP2-first2000",
		"SDSC-SP2-1998-4.2-cln.first2000.swf": "SDSC-SP2-first2000",
		"anl-intrepid":                        "ANL-Intrepid",
	} {
		e, ok := Lookup(name)
		if !ok || e.Name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", name, e.Name, ok, want)
		}
	}
}

func TestUnknownNameSuggests(t *testing.T) {
	_, err := Get("SDSC-SP3")
	var ue *UnknownError
	if !errors.As(err, &ue) {
		t.Fatalf("error %v", err)
	}
	if !strings.Contains(err.Error(), "did you mean SDSC-SP2") {
		t.Errorf("error %q", err)
	}
	_, err = Get("qqqqqqq")
	if !strings.Contains(err.Error(), "schedsim trace list") {
		t.Errorf("error %q", err)
	}
}

func TestCatalogEntriesWellFormed(t *testing.T) {
	seen := map[string]string{}
	for _, e := range All() {
		if e.Name == "" || e.File == "" || (e.URL == "" && e.From == "") {
			t.Errorf("%+v: needs a name, a file and a URL or a source", e)
		}
		for _, k := range e.keys() {
			if other, dup := seen[k]; dup && other != e.Name {
				t.Errorf("%q names both %s and %s", k, other, e.Name)
			}
			seen[k] = e.Name
		}
		if e.URL != "" && !strings.HasPrefix(e.URL, "https://") {
			t.Errorf("%s: URL %q is not https", e.Name, e.URL)
		}
	}
}

// TestCatalogMatchesShipped checks the catalogue against the traces
// shipped in ../shared/traces: each shipped file's SHA-256 and size, and
// the checksum Fetch applies to a download of the small ones.
func TestCatalogMatchesShipped(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "traces")
	f, err := os.Open(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Skip("../shared/traces is absent: the checksums of the shipped traces cannot be compared")
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sum, file, ok := strings.Cut(sc.Text(), "  "); ok {
			sums[file] = sum
		}
	}
	shipped := 0
	for _, e := range All() {
		if e.SHA256 == "" {
			continue
		}
		shipped++
		if sums[e.File] != e.SHA256 {
			t.Errorf("%s: catalogue SHA-256 %s, SHA256SUMS %s", e.Name, e.SHA256, sums[e.File])
		}
		st, err := os.Stat(filepath.Join(dir, e.File))
		if err != nil || st.Size() != e.Size {
			t.Errorf("%s: size %d in the catalogue, %v", e.Name, e.Size, st)
		}
	}
	if shipped != len(sums)-1 { // every file but MANIFEST.md
		t.Errorf("%d catalogued shipped traces, %d in SHA256SUMS besides MANIFEST.md", shipped, len(sums)-1)
	}
	for _, name := range []string{"KTH-SP2", "lublin-256"} {
		e, _ := Lookup(name)
		got, err := contentSHA256(context.Background(), filepath.Join(dir, e.File))
		if err != nil || got != e.SWFSHA256 {
			t.Errorf("%s: SWF text SHA-256 %s, catalogue %s (%v)", name, got, e.SWFSHA256, err)
		}
	}
}

func TestFindOrder(t *testing.T) {
	flag, env, cache := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	cacheDir := filepath.Join(cache, "schedsim", "traces")
	os.MkdirAll(cacheDir, 0o755)
	t.Setenv(EnvTraces, env)
	work := t.TempDir() // no ../shared beside it
	wd, _ := os.Getwd()
	os.Chdir(work)
	defer os.Chdir(wd)
	SetTracesDir(flag)
	defer SetTracesDir("")

	_, err := Find("KTH-SP2", nil)
	var me *MissingError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "schedsim trace fetch KTH-SP2") {
		t.Fatalf("missing trace: %v", err)
	}
	file := "KTH-SP2-1996-2.1-cln.swf.gz"
	for _, d := range []string{cacheDir, env, flag} {
		os.WriteFile(filepath.Join(d, file), []byte("x"), 0o644)
		got, err := Find("kth-sp2", nil)
		if err != nil || got != filepath.Join(d, file) {
			t.Errorf("with a copy in %s: Find = %q, %v", d, got, err)
		}
	}
	if _, err := Find("KTH-SP3", nil); !strings.Contains(err.Error(), "did you mean KTH-SP2") {
		t.Errorf("unknown: %v", err)
	}
}

func TestCitation(t *testing.T) {
	sp2, _ := Lookup("SDSC-SP2")
	if c := sp2.Citation(); !strings.Contains(c, "Victor Hazlewood") || !strings.Contains(c, "Experience with using the Parallel Workloads Archive") {
		t.Errorf("SDSC-SP2: %q", c)
	}
	lub, _ := Lookup("lublin-256")
	if c := lub.Citation(); !strings.Contains(c, "modeling the characteristics of rigid jobs") || strings.Contains(c, "Archive") {
		t.Errorf("lublin-256: %q", c)
	}
}
