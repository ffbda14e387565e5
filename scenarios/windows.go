package scenarios

import (
	"fmt"
	"path/filepath"

	"github.com/schedsim/schedsim/results"
)

// WindowKinds are the model kinds that write per-window records (their
// schedule views are the chosen windows per node and cycle).
var WindowKinds = []string{"anticipation", "css2014", "slots"}

// windowsDir is the directory, below an output directory, of the
// per-window records of each task, which CombineWindows joins into
// windows.csv.
const windowsDir = ".windows"

// taskWindowsFile is the per-window file of task t below dir.
func taskWindowsFile(dir string, t int) string {
	return filepath.Join(dir, windowsDir, fmt.Sprintf("task-%d.csv", t))
}

// createWindowsCSV starts the per-window CSV of a task when the options
// ask for it (replication 0 with WindowsCSV); nil when none is asked for.
func (o Options) createWindowsCSV(task, rep int) (*results.AtomicFile, error) {
	if o.OutDir == "" || !o.WindowsCSV || rep > 0 {
		return nil, nil
	}
	return results.CreateAtomic(taskWindowsFile(o.OutDir, task))
}

// CombineWindows writes out/windows.csv from the per-window files of
// replication 0 of every point, found in dirs, point by point (see
// results.CombineWindows).
func CombineWindows(sc *Scenario, rep *results.Report, out string, dirs ...string) error {
	var files []results.JobFile
	for pi := range sc.Points {
		for _, d := range dirs {
			if path := taskWindowsFile(d, pi); fileExists(path) {
				files = append(files, results.JobFile{Point: pi, Path: path})
				break
			}
		}
	}
	return results.CombineWindows(out, rep, files)
}
