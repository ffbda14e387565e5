package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schedsim/schedsim/model"

	"github.com/schedsim/schedsim/workloads/lublin"
	"github.com/schedsim/schedsim/workloads/slurm"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Source names where a replay's jobs come from when they do not come from
// an SWF trace: the Lublin–Feitelson model (lublin: {…}, every parameter
// of lublin.Params, the published values by default) or a Slurm
// accounting dump (sacct: FILE, the output of sacct --parsable2 --format
// slurm.Format). A kind that reads jobs holds a Trace string and a
// *Source, checks them with ValidateJobInput and opens them with
// OpenJobInput, so every kind that replays a trace takes every source.
type Source struct {
	// Lublin generates the jobs with the Lublin–Feitelson model. Its
	// procs defaults to the kind's procs (and the other way round); its
	// seed 0 means the scenario's seed and replication.
	Lublin *lublin.Params `yaml:"lublin,omitempty"`
	// Sacct is a file of sacct --parsable2 output, resolved against the
	// scenario file's directory.
	Sacct string `yaml:"sacct,omitempty"`
	// SacctTZ is the time zone sacct printed its times in (an IANA name;
	// empty: UTC).
	SacctTZ string `yaml:"sacct_tz,omitempty"`
}

// JobInput is an opened trace or source: its jobs through the JobFilter,
// a name for messages and the header (MaxProcs of a generated workload).
type JobInput struct {
	*swf.JobSource
	// Name is the resolved trace path, the resolved sacct file, or
	// "lublin".
	Name string
	// Label is the input as the scenario names it (the trace or sacct
	// path before resolving), for messages.
	Label string
	close func() error
}

// Close releases the input's file, if any.
func (in *JobInput) Close() error {
	if in.close == nil {
		return nil
	}
	return in.close()
}

// resolvePath resolves a relative path against baseDir.
func resolvePath(path, baseDir string) string {
	if path == "" || filepath.IsAbs(path) || baseDir == "" {
		return path
	}
	return filepath.Join(baseDir, path)
}

// checkFile reports under key a file that does not exist or is a
// directory; what names the file expected ("an SWF file").
func checkFile(key, path, what string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return model.Field(key, "file %q does not exist", path)
	case err != nil:
		return model.Field(key, "%v", err)
	case st.IsDir():
		return model.Field(key, "%q is a directory, not %s", path, what)
	}
	return nil
}

// ValidateJobInput checks that exactly one of trace and src is given and
// that it can be opened; procs is the kind's processor count (0: from the
// input). Keys in errors are trace, source, source.lublin.KEY,
// source.sacct.
func ValidateJobInput(trace string, src *Source, baseDir string, procs int) error {
	switch {
	case trace != "" && src != nil:
		return model.Field("source", "give either trace or source, not both")
	case trace != "":
		path, err := resolveTrace(trace, baseDir)
		if err != nil {
			return err
		}
		return checkFile("trace", path, "an SWF file")
	case src == nil:
		return model.Field("trace", "is required (a .swf or .swf.gz file), or give source: {lublin: {…}} or source: {sacct: FILE}")
	case (src.Lublin != nil) == (src.Sacct != ""):
		return model.Field("source", "give exactly one of lublin: {…} and sacct: FILE")
	case src.Lublin != nil:
		p := src.lublinParams(procs)
		if p.Procs == 0 {
			return model.Field("source.lublin.procs", "set procs (here or in the kind's params)")
		}
		if err := p.Validate(); err != nil {
			return lublinField(err)
		}
		return nil
	}
	if _, err := src.location(); err != nil {
		return err
	}
	return checkFile("source.sacct", resolvePath(src.Sacct, baseDir), "a sacct output file")
}

func (src *Source) lublinParams(procs int) lublin.Params {
	p := *src.Lublin
	if p.Procs == 0 {
		p.Procs = procs
	}
	return p
}

func (src *Source) location() (*time.Location, error) {
	loc, err := slurm.LoadLocation(src.SacctTZ)
	if err != nil {
		return nil, model.Field("source.sacct_tz", "%v", err)
	}
	return loc, nil
}

// OpenJobInput opens the trace or the source (checked by
// ValidateJobInput) with filter f. A generated workload with seed 0 draws
// from rc.Streams, so each replication gets its own jobs.
func OpenJobInput(rc RunContext, trace string, src *Source, baseDir string, procs int, f swf.JobFilter) (*JobInput, error) {
	if trace != "" {
		path, err := resolveTrace(trace, baseDir)
		if err != nil {
			return nil, err
		}
		r, err := swf.Open(path, swf.ReadOptions{Context: rc.Context})
		if err != nil {
			return nil, err
		}
		js, err := swf.NewJobSource(r, f)
		if err != nil {
			r.Close()
			return nil, model.Field("trace", "%v", err)
		}
		return &JobInput{JobSource: js, Name: path, Label: trace, close: r.Close}, nil
	}
	if src == nil {
		return nil, model.Field("trace", "is required")
	}
	var rs swf.RecordSource
	name, label := "lublin", "lublin"
	if src.Lublin != nil {
		p := src.lublinParams(procs)
		var g *lublin.Generator
		var err error
		if p.Seed == 0 {
			g, err = lublin.NewWithStreams(p, rc.Streams)
		} else {
			g, err = lublin.New(p)
		}
		if err != nil {
			return nil, lublinField(err)
		}
		rs = g
	} else {
		loc, err := src.location()
		if err != nil {
			return nil, err
		}
		name, label = resolvePath(src.Sacct, baseDir), src.Sacct
		tr, err := slurm.ReadFile(name, slurm.Options{Location: loc, Procs: procs, Context: rc.Context})
		if err != nil {
			return nil, err
		}
		rs = tr
	}
	js, err := swf.NewJobSourceFrom(rs, f)
	if err != nil {
		return nil, model.Field("source", "%v", err)
	}
	return &JobInput{JobSource: js, Name: name, Label: label}, nil
}

// lublinField places an error of lublin.Params.Validate ("lublin: KEY:
// detail") at its key below source.lublin.
func lublinField(err error) error {
	key, detail, ok := strings.Cut(strings.TrimPrefix(err.Error(), "lublin: "), ": ")
	if !ok || strings.ContainsAny(key, " \t") {
		return model.Field("source.lublin", "%v", err)
	}
	return model.Field("source.lublin."+key, "%s", detail)
}
