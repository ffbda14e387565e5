package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink is an inline Markdown link or image: [text](target) or
// [text](target "title").
var mdLink = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)`)

// codeSpan is an inline code span, whose text is no link.
var codeSpan = regexp.MustCompile("`[^`]*`")

// Every relative link of README.md and docs/ resolves: the file or
// folder it names exists, and an anchor into a Markdown page names one of
// its headings, as GitHub spells them (headingAnchors). Links to other
// sites are not followed.
func TestDocLinksResolve(t *testing.T) {
	anchors := map[string]map[string]bool{} // by page, relative to the root
	anchorsOf := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		doc, err := os.ReadFile(filepath.Join(repoRoot, page))
		if err != nil {
			t.Fatal(err)
		}
		anchors[page] = headingAnchors(string(doc))
		return anchors[page]
	}
	checked := 0
	for _, file := range docFiles(t) {
		doc, err := os.ReadFile(filepath.Join(repoRoot, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range proseLines(string(doc)) {
			for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(l.text, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				path, anchor, _ := strings.Cut(target, "#")
				page := file
				if path != "" {
					page = filepath.ToSlash(filepath.Join(filepath.Dir(file), path))
					if !exists(filepath.Join(repoRoot, page)) {
						t.Errorf("%s:%d: link to %s: no such file", file, l.n, target)
						continue
					}
				}
				if anchor != "" && strings.HasSuffix(page, ".md") && !anchorsOf(page)[anchor] {
					t.Errorf("%s:%d: link to %s: %s has no heading with anchor #%s", file, l.n, target, page, anchor)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative link found in the docs: the link pattern is broken")
	}
}

// proseLine is a line of a Markdown page outside its fenced code blocks.
type proseLine struct {
	n    int // from 1
	text string
}

// proseLines returns the lines of a Markdown page outside its fenced
// code blocks, in order.
func proseLines(doc string) []proseLine {
	var out []proseLine
	fenced := false
	for i, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, proseLine{i + 1, l})
		}
	}
	return out
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown page: the heading's text, lower-cased, without the characters
// other than letters, marks, digits, connector punctuation, spaces and
// hyphens, with spaces turned to hyphens; a repeated anchor gets -1, -2, …
// Inline code marks and link targets do not count, their text does.
func headingAnchors(doc string) map[string]bool {
	out := map[string]bool{}
	for _, l := range proseLines(doc) {
		hashes := strings.TrimLeft(l.text, "#")
		if hashes == l.text || len(l.text)-len(hashes) > 6 || hashes != "" && hashes[0] != ' ' {
			continue // not an ATX heading: # to ###### and a space
		}
		text := strings.TrimSpace(hashes)
		text = mdLinkWhole.ReplaceAllString(text, "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.Pc):
				b.WriteRune(r)
			}
		}
		a := b.String()
		for k := 1; out[a]; k++ {
			a = b.String() + "-" + strconv.Itoa(k)
		}
		out[a] = true
	}
	return out
}

// mdLinkWhole is a whole inline link, its text kept by headingAnchors.
var mdLinkWhole = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// headingAnchors spells anchors as GitHub does, and only for headings.
func TestHeadingAnchors(t *testing.T) {
	doc := "# Conservative ≤ 2× EASY: the `floor`\n" +
		"```sh\n# not a heading\n```\n" +
		"#hashtag, not a heading\n" +
		"## Q & A, [the kernel](kernel.md)\n" +
		"## Q & A, the kernel\n" +
		"### Fifth round (css2014): snake_case é\n"
	got := headingAnchors(doc)
	for _, a := range []string{
		"conservative--2-easy-the-floor",
		"q--a-the-kernel",
		"q--a-the-kernel-1",
		"fifth-round-css2014-snake_case-é",
	} {
		if !got[a] {
			t.Errorf("no anchor %q in %v", a, got)
		}
	}
	if got["not-a-heading"] || got["hashtag-not-a-heading"] || len(got) != 4 {
		t.Errorf("anchors %v, want the four headings outside code blocks", got)
	}
}
