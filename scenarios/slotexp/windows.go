package slotexp

import (
	"io"
	"strconv"

	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// WindowColumns are the columns of the per-window records (windows.csv
// after the sweep-axis and replication columns): the cycle (batch) from
// 0, the variant that chose (a css2014 variant, a Table 1 column or
// comparison method of the anticipation kind, "ALP min-time" … of the
// slots kind), the job's index in the batch, the alternative's index
// among the job's alternatives (empty when the variant has none), whether
// the variant chose it (1) or not (0), then one row per node of the
// window: the node's index, the part's start and end, and the whole
// window's cost.
var WindowColumns = []string{"cycle", "variant", "job", "alternative", "chosen", "node", "start", "end", "cost"}

// MaxWindowCycles is how many cycles (from the first) a replication
// records windows of: the schedule figures show one cycle, and the
// alternatives of thousands of cycles would make files of gigabytes.
const MaxWindowCycles = 20

// Windows writes the per-window records of the first MaxWindowCycles
// cycles of a run. A nil *Windows records nothing, so that the
// experiments call it unconditionally. Its zero-value buffers grow to the
// largest cycle and are reused: a record costs no allocation after that.
type Windows struct {
	w     *records.Writer
	cycle int
	// kept are the windows of the current slots-kind cycle, copied out of
	// the search's scratch memory until the DP has chosen.
	kept  []keptWindow
	slots []slot.Slot
}

// keptWindow is one alternative of the slots kind: its method, job,
// index and cost, and its parts in Windows.slots[from:to].
type keptWindow struct {
	method, job, alt int
	cost             float64
	from, to         int
}

// NewWindows returns a Windows writing to w with the header written, or
// nil when w is nil.
func NewWindows(w io.Writer) *Windows {
	if w == nil {
		return nil
	}
	r := records.New(w)
	r.Header(WindowColumns...)
	return &Windows{w: r, cycle: -1}
}

// Begin starts cycle c; it returns whether the cycle's windows are
// recorded.
func (w *Windows) Begin(c int) bool {
	if w == nil {
		return false
	}
	w.cycle = c
	w.kept, w.slots = w.kept[:0], w.slots[:0]
	return w.recording()
}

func (w *Windows) recording() bool {
	return w != nil && w.cycle >= 0 && w.cycle < MaxWindowCycles && !w.w.Failed()
}

// Flush writes what is buffered and returns the first write error.
func (w *Windows) Flush() error {
	if w == nil {
		return nil
	}
	return w.w.Flush()
}

// window writes the rows of one window.
func (w *Windows) window(variant string, job, alt int, chosen bool, parts []slot.Slot, cost float64) {
	for _, s := range parts {
		b := strconv.AppendInt(w.w.Line(), int64(w.cycle), 10)
		b = append(append(b, ','), variant...)
		b = strconv.AppendInt(append(b, ','), int64(job), 10)
		b = append(b, ',')
		if alt >= 0 {
			b = strconv.AppendInt(b, int64(alt), 10)
		}
		c := byte('0')
		if chosen {
			c = '1'
		}
		b = append(b, ',', c, ',')
		b = strconv.AppendInt(b, int64(s.Node), 10)
		b = records.AppendFloat(append(b, ','), s.Start)
		b = records.AppendFloat(append(b, ','), s.End)
		b = records.AppendFloat(append(b, ','), cost)
		w.w.Write(append(b, '\n'))
	}
}

// Planned records the windows a variant planned in the current cycle,
// one per job (a job whose window has no slots found none); they have
// no alternative index.
func (w *Windows) Planned(variant string, planned []slot.Window) {
	if !w.recording() {
		return
	}
	for j, win := range planned {
		w.window(variant, j, -1, true, win.Slots, win.Cost)
	}
}

// Plan records every alternative of a plan, with the chosen ones marked.
func (w *Windows) Plan(variant string, p css.Plan) {
	if !w.recording() {
		return
	}
	for j, alts := range p.Alternatives {
		for k, a := range alts {
			chosen := j < len(p.Chosen) && p.Chosen[j] == k
			w.window(variant, j, k, chosen, a.Window.Slots, a.Cost)
		}
	}
}

// keep copies an alternative of the slots kind (method m, job j, found
// k-th) out of the search's scratch memory.
func (w *Windows) keep(m, j, k int, win slot.Window) {
	if !w.recording() {
		return
	}
	from := len(w.slots)
	w.slots = append(w.slots, win.Slots...)
	w.kept = append(w.kept, keptWindow{method: m, job: j, alt: k, cost: win.Cost, from: from, to: len(w.slots)})
}

// slotsVariants name the four choices of a slots-kind cycle, by method
// (ALP, AMP) and criterion (least time, least cost).
var slotsVariants = [2][2]string{{"ALP min-time", "ALP min-cost"}, {"AMP min-time", "AMP min-cost"}}

// choices writes the kept alternatives of a slots-kind cycle once per
// method and DP criterion, marking the alternative the DP chose (none
// when the cycle does not count: some job has no alternative).
func (w *Windows) choices(r CycleResult) {
	if !w.recording() {
		return
	}
	for m := range slotsVariants {
		for crit, variant := range slotsVariants[m] {
			idx := r.Choice[m].MinTime.Index
			if crit == 1 {
				idx = r.Choice[m].MinCost.Index
			}
			for _, k := range w.kept {
				if k.method != m {
					continue
				}
				chosen := r.Counted && k.job < len(idx) && idx[k.job] == k.alt
				w.window(variant, k.job, k.alt, chosen, w.slots[k.from:k.to], k.cost)
			}
		}
	}
}
