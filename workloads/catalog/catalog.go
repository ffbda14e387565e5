package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/internal/suggest"
)

// Entry is one trace of the catalogue.
type Entry struct {
	// Name is the catalogue name (SDSC-SP2).
	Name string `json:"name"`
	// Aliases are other names that resolve to this entry.
	Aliases []string `json:"aliases,omitempty"`
	// File is the log's file name, as shipped in ../shared/traces.
	File string `json:"file"`
	// DownloadFile is the name the download gets in the cache when it
	// differs from File (a log served uncompressed); empty: File.
	DownloadFile string `json:"download_file,omitempty"`
	// URL is where the log is downloaded from; empty for a derived
	// excerpt (From).
	URL string `json:"url,omitempty"`
	// From and Lines make an excerpt: the first Lines lines of the
	// decompressed log From.
	From  string `json:"from,omitempty"`
	Lines int    `json:"lines,omitempty"`
	// Size is the size in bytes of the file SHA256 is the checksum of
	// (0: not recorded); ListedSize is the size as the PWA lists it.
	Size       int64  `json:"size,omitempty"`
	ListedSize string `json:"listed_size,omitempty"`
	// SHA256 is the checksum of the file as shipped in ../shared/traces.
	SHA256 string `json:"sha256,omitempty"`
	// SWFSHA256 is the checksum of the decompressed SWF text.
	SWFSHA256 string `json:"swf_sha256,omitempty"`
	// Machine, Jobs and Procs describe the log (0: not recorded).
	Machine string `json:"machine,omitempty"`
	Jobs    int    `json:"jobs,omitempty"`
	Procs   int    `json:"procs,omitempty"`
	// Acknowledge names the people who provided the log.
	Acknowledge string `json:"acknowledge,omitempty"`
	// Note is a remark shown by `schedsim trace list`.
	Note string `json:"note,omitempty"`
	// Cite is the reference to cite instead of the PWA's (a log that is
	// not from the PWA).
	Cite string `json:"cite,omitempty"`
}

// TOFU reports whether the entry has no published checksum: the first
// download's is recorded and trusted.
func (e *Entry) TOFU() bool { return e.SHA256 == "" && e.SWFSHA256 == "" }

// downloadName is the file name of the entry in the cache.
func (e *Entry) downloadName() string {
	if e.DownloadFile != "" {
		return e.DownloadFile
	}
	return e.File
}

// Citation returns the text to cite and acknowledge when using the log.
func (e *Entry) Citation() string {
	var b strings.Builder
	if e.Acknowledge != "" {
		fmt.Fprintf(&b, "%s was provided by %s: please acknowledge them.\n", e.Name, e.Acknowledge)
	}
	if e.Cite != "" {
		fmt.Fprintf(&b, "Cite: %s\n", e.Cite)
	} else {
		fmt.Fprintf(&b, "Cite the Parallel Workloads Archive: %s\n", cat.Citation)
	}
	return b.String()
}

//go:embed catalog.json
var data []byte

var cat struct {
	Citation string  `json:"citation"`
	Traces   []Entry `json:"traces"`
}

func init() {
	if err := json.Unmarshal(data, &cat); err != nil {
		panic("catalog: catalog.json: " + err.Error())
	}
}

// All returns the catalogue, in its order: the shipped logs first.
func All() []Entry { return append([]Entry(nil), cat.Traces...) }

// normal is the form names are compared in: lower case, '_' as '-'.
func normal(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// keys returns every name that resolves to e, in normal form.
func (e *Entry) keys() []string {
	k := []string{normal(e.Name), normal(e.File), normal(trimExt(e.File))}
	if e.DownloadFile != "" {
		k = append(k, normal(e.DownloadFile))
	}
	for _, a := range e.Aliases {
		k = append(k, normal(a))
	}
	return k
}

func trimExt(f string) string {
	f = strings.TrimSuffix(f, ".gz")
	return strings.TrimSuffix(f, ".swf")
}

// Lookup returns the entry named name (a catalogue name, an alias or a
// file name; case-insensitive, '_' and '-' alike).
func Lookup(name string) (Entry, bool) {
	n := normal(name)
	for _, e := range cat.Traces {
		for _, k := range e.keys() {
			if k == n {
				return e, true
			}
		}
	}
	return Entry{}, false
}

// Names returns the catalogue names, in catalogue order.
func Names() []string {
	var names []string
	for _, e := range cat.Traces {
		names = append(names, e.Name)
	}
	return names
}

// UnknownError is the error of a name the catalogue does not hold.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string {
	hint := suggest.DidYouMean(e.Name, Names())
	if hint == "" {
		hint = " (`schedsim trace list` shows the catalogue)"
	}
	return fmt.Sprintf("catalog: unknown trace %q%s", e.Name, hint)
}

// MissingError is the error of a catalogued trace found in no search
// directory: it says the command that downloads it.
type MissingError struct {
	Name string
	Dirs []string
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("catalog: trace %s is not downloaded: run `schedsim trace fetch %s` (looked in %s)", e.Name, e.Name, strings.Join(e.Dirs, ", "))
}

// Get is Lookup that returns an *UnknownError for an unknown name.
func Get(name string) (Entry, error) {
	e, ok := Lookup(name)
	if !ok {
		return Entry{}, &UnknownError{name}
	}
	return e, nil
}
