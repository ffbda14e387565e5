package grid

import (
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies"
)

// Site choices: how an approach picks among several sites that can take a
// gang.
const (
	// SiteRandom picks a site where the gang starts now, at random; if
	// there is none, a site with enough empty queues, at random (the
	// paper's rule for the first case, applied to the second as well).
	SiteRandom = "random"
	// SiteEarliest picks the site where the gang is estimated to start
	// first (ties at random).
	SiteEarliest = "earliest"
)

// SiteChoices lists the valid values of Options.SiteChoice.
func SiteChoices() []string { return []string{SiteRandom, SiteEarliest} }

// Queue picks: which empty queues of a site a gang takes when the site
// has more than it needs (see gang.QueuePick).
const (
	// PickEarliest takes free processors first, then the busy ones whose
	// running job is estimated to end first (the default).
	PickEarliest = "earliest"
	// PickIndex takes the first empty queues in processor order.
	PickIndex = "index"
	// PickRandom takes empty queues at random.
	PickRandom = "random"
)

// QueuePicks lists the valid values of Options.QueuePick.
func QueuePicks() []string { return []string{PickEarliest, PickIndex, PickRandom} }

func queuePick(name string) gang.QueuePick {
	switch name {
	case PickIndex:
		return gang.PickIndex
	case PickRandom:
		return gang.PickRandom
	}
	return gang.PickEarliest
}

// Dispatch readings: what "enough empty queues" at a site means.
const (
	// DispatchEmptyQueues lets a gang join any queues with nothing
	// waiting, free or busy together; it starts when all their processors
	// are idle. The earlier default, kept as an option.
	DispatchEmptyQueues = "empty-queues"
	// DispatchFree only sends a gang to a site with enough free processors
	// (idle, nothing waiting), where it starts at once: no gang ever waits
	// in a local queue, so backfilling never applies. An alternative
	// reading, kept to show its effect.
	DispatchFree = "free-processors"
	// DispatchIdleOrBusy counts "idle processors" and "empty queues"
	// (paper lines 65–68) separately: a site with at least size free
	// processors takes the gang on them, starting now (test 1); else a
	// site with at least size busy processors with nothing waiting takes
	// it on those, and it starts when they are all idle (test 2). A gang
	// takes processors of one kind, never a mix of free and busy ones.
	// The default.
	DispatchIdleOrBusy = "idle-or-empty-busy"
)

// Dispatches lists the valid values of Options.Dispatch.
func Dispatches() []string {
	return []string{DispatchEmptyQueues, DispatchFree, DispatchIdleOrBusy}
}

// DefaultOverhead is the paper's split overhead: 10% of the service time.
const DefaultOverhead = 0.10

// Options are the parameters of the allocation approaches.
type Options struct {
	// Overhead is the fraction by which a split gang's service time grows
	// (approach 2): 0.1 is the paper's 10%. It must be finite and ≥ 0.
	Overhead float64
	// SiteChoice is SiteRandom (the default when empty) or SiteEarliest.
	SiteChoice string
	// QueuePick is PickEarliest (the default when empty), PickIndex or
	// PickRandom.
	QueuePick string
	// Dispatch is DispatchIdleOrBusy (the default when empty),
	// DispatchEmptyQueues or DispatchFree.
	Dispatch string
}

// DefaultOptions returns the paper's options.
func DefaultOptions() Options {
	return Options{Overhead: DefaultOverhead, SiteChoice: SiteRandom, QueuePick: PickEarliest, Dispatch: DispatchIdleOrBusy}
}

// Validate checks the options; a bad one is a *model.FieldError naming
// its key ("overhead", "site_choice", "queue_pick", "dispatch").
func (o Options) Validate() error {
	if !(o.Overhead >= 0) || math.IsInf(o.Overhead, 0) {
		return model.Field("overhead", "must be finite and ≥ 0 (got %v)", o.Overhead)
	}
	switch o.SiteChoice {
	case "", SiteRandom, SiteEarliest:
	default:
		return model.Field("site_choice", "must be one of %v (got %q)", SiteChoices(), o.SiteChoice)
	}
	switch o.QueuePick {
	case "", PickEarliest, PickIndex, PickRandom:
	default:
		return model.Field("queue_pick", "must be one of %v (got %q)", QueuePicks(), o.QueuePick)
	}
	switch o.Dispatch {
	case "", DispatchEmptyQueues, DispatchFree, DispatchIdleOrBusy:
		return nil
	}
	return model.Field("dispatch", "must be one of %v (got %q)", Dispatches(), o.Dispatch)
}

// prepare validates o and fills the default site choice and dispatch.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	if o.SiteChoice == "" {
		o.SiteChoice = SiteRandom
	}
	if o.Dispatch == "" {
		o.Dispatch = DispatchIdleOrBusy
	}
	return o, nil
}

// Allocators is the registry of the allocation approaches: which site(s)
// a gang goes to. Allocators.New validates the options and returns a new
// instance; use one per System.
var Allocators = policies.NewRegistry[Options, gang.Allocator](policies.Family{
	Name:     "grid-allocator",
	Decision: "which site(s) of a grid a gang goes to, whole or split (model kind karatza)",
	Package:  "policies/grid",
	Params: []policies.Param{
		{Key: "overhead", Doc: "fraction by which a split gang's service time grows (the karatza kind's split_overhead, in percent); the paper's 0.1"},
		{Key: "site_choice", Doc: "how a gang picks among sites that can take it: random (default) or earliest"},
		{Key: "queue_pick", Doc: "which queues of its site a gang takes, among the kind its dispatch allows: earliest (default), index or random"},
		{Key: "dispatch", Doc: "which queues of a site a gang may take: idle-or-empty-busy (default: k free processors, else k busy processors with nothing waiting, never a mix), empty-queues (any k queues with nothing waiting) or free-processors (start now only)"},
	},
}, Options.prepare)

// Queues is the registry of the GS queue disciplines: which waiting gang
// the grid scheduler dispatches next. They take no options.
var Queues = policies.NewRegistry[struct{}, gang.GridQueue](policies.Family{
	Name:     "grid-queue",
	Decision: "which gang waiting in the grid scheduler's queue is dispatched next (model kind karatza)",
	Package:  "policies/grid",
}, nil)
