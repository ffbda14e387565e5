package scenarios

import (
	"context"
	"embed"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/schedsim/schedsim/internal/input"
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurm"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// slurmSiteFS holds the shipped Slurm capture that built-in scenarios
// name as builtin:slurm-site/FILE, so that they run from any directory.
//
//go:embed builtin/slurm-site/*.txt builtin/slurm-site/slurm.conf
var slurmSiteFS embed.FS

// slurmSiteDir is where slurmSiteFS keeps the capture.
const slurmSiteDir = "builtin/slurm-site"

// builtinPrefix marks a file of the shipped capture.
const builtinPrefix = "builtin:"

// builtinSlurmFile returns the path in slurmSiteFS of a builtin: name, or
// false when name is not one.
func builtinSlurmFile(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, builtinPrefix)
	if !ok {
		return "", false
	}
	dir, file, ok := strings.Cut(rest, "/")
	if !ok || dir != "slurm-site" || strings.Contains(file, "/") {
		return "", true
	}
	return path.Join(slurmSiteDir, file), true
}

// resolve returns the path a file key names: relative paths against the
// scenario's directory, builtin: names as they are.
func (p *SlurmParams) resolve(file string) string {
	if strings.HasPrefix(file, builtinPrefix) {
		return file
	}
	return resolvePath(file, p.baseDir)
}

// checkInput checks that the file of key exists (required: it must be
// given).
func (p *SlurmParams) checkInput(key, file, what string, required bool) error {
	switch {
	case file == "" && required:
		return model.Field(key, "is required (%s)", what)
	case file == "":
		return nil
	}
	if fsPath, ok := builtinSlurmFile(file); ok {
		if _, err := fs.Stat(slurmSiteFS, fsPath); fsPath == "" || err != nil {
			return model.Field(key, "no built-in file %q (the shipped capture is builtin:slurm-site/{sacct.txt,slurm.conf,assoc.txt,qos.txt})", file)
		}
		return nil
	}
	return checkFile(key, p.resolve(file), what)
}

// open opens the file of key (checked by checkInput); the name returned
// is the resolved path, for the readers' messages.
func (p *SlurmParams) open(ctx context.Context, key, file string) (io.ReadCloser, string, error) {
	name := p.resolve(file)
	if fsPath, ok := builtinSlurmFile(file); ok {
		f, err := slurmSiteFS.Open(fsPath)
		if err != nil {
			return nil, name, model.Field(key, "%v", err)
		}
		return f, name, nil
	}
	f, err := input.Open(ctx, name)
	if err != nil {
		return nil, name, model.Field(key, "%v", err)
	}
	return f, name, nil
}

// location is the zone of the sacct times.
func (p *SlurmParams) location() (*time.Location, error) {
	loc, err := slurm.LoadLocation(p.SacctTZ)
	if err != nil {
		return nil, model.Field("sacct_tz", "%v", err)
	}
	return loc, nil
}

// readConf reads the slurm.conf.
func (p *SlurmParams) readConf() (*slurmconf.Config, error) {
	o := slurmconf.Options{AllowUnmodelled: p.AllowUnmodelled}
	var c *slurmconf.Config
	var err error
	if _, ok := builtinSlurmFile(p.SlurmConf); ok {
		var f io.ReadCloser
		var name string
		if f, name, err = p.open(context.Background(), "slurm_conf", p.SlurmConf); err != nil {
			return nil, err
		}
		defer f.Close()
		c, err = slurmconf.ReadWith(f, name, o)
	} else {
		c, err = slurmconf.ReadFile(context.Background(), p.resolve(p.SlurmConf), o)
	}
	if err != nil {
		return nil, model.Field("slurm_conf", "%v", err)
	}
	if len(c.Partitions) == 0 {
		return nil, model.Field("slurm_conf", "%s: no PartitionName line (the jobs run in the site's partitions)", p.resolve(p.SlurmConf))
	}
	return c, nil
}

// readQOS reads the qos_file (nil without one).
func (p *SlurmParams) readQOS() ([]sacctmgr.QOS, error) {
	if p.QOSFile == "" {
		return nil, nil
	}
	f, name, err := p.open(context.Background(), "qos_file", p.QOSFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	q, err := sacctmgr.ReadQOS(f, name, sacctmgr.QOSOptions{AllowUnmodelled: p.AllowUnmodelled})
	if err != nil {
		return nil, model.Field("qos_file", "%v", err)
	}
	return q, nil
}

// readAssoc reads the assoc file (nil without one).
func (p *SlurmParams) readAssoc() (*sacctmgr.Tree, error) {
	if p.Assoc == "" {
		return nil, nil
	}
	f, name, err := p.open(context.Background(), "assoc", p.Assoc)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := sacctmgr.ReadAssoc(f, name, sacctmgr.Options{DefaultAccount: p.DefaultAccount})
	if err != nil {
		return nil, model.Field("assoc", "%v", err)
	}
	return t, nil
}
