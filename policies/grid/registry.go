package grid

import (
	"errors"
	"fmt"
	"math"

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
	// DispatchEmptyQueues lets a gang join queues with nothing waiting,
	// whose processors may still be busy; it starts when they are all idle
	// (the default, the paper's text).
	DispatchEmptyQueues = "empty-queues"
	// DispatchFree only sends a gang to a site with enough free processors
	// (idle, nothing waiting), where it starts at once: no gang ever waits
	// in a local queue, so backfilling never applies. An alternative
	// reading, kept to show its effect.
	DispatchFree = "free-processors"
)

// Dispatches lists the valid values of Options.Dispatch.
func Dispatches() []string { return []string{DispatchEmptyQueues, DispatchFree} }

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
	// Dispatch is DispatchEmptyQueues (the default when empty) or
	// DispatchFree.
	Dispatch string
}

// DefaultOptions returns the paper's options.
func DefaultOptions() Options {
	return Options{Overhead: DefaultOverhead, SiteChoice: SiteRandom, QueuePick: PickEarliest, Dispatch: DispatchEmptyQueues}
}

// OptionError reports an invalid option; Key names it ("overhead",
// "site_choice", "queue_pick", "dispatch").
type OptionError struct {
	Key string
	Msg string
}

// Error returns "key: message".
func (e *OptionError) Error() string { return e.Key + ": " + e.Msg }

// ErrUnknown is wrapped by the errors of NewAllocator and NewQueue for a
// name that is not registered.
var ErrUnknown = errors.New("unknown grid policy")

// Validate checks the options.
func (o Options) Validate() error {
	if !(o.Overhead >= 0) || math.IsInf(o.Overhead, 0) {
		return &OptionError{Key: "overhead", Msg: fmt.Sprintf("must be finite and ≥ 0 (got %v)", o.Overhead)}
	}
	switch o.SiteChoice {
	case "", SiteRandom, SiteEarliest:
	default:
		return &OptionError{Key: "site_choice", Msg: fmt.Sprintf("must be one of %v (got %q)", SiteChoices(), o.SiteChoice)}
	}
	switch o.QueuePick {
	case "", PickEarliest, PickIndex, PickRandom:
	default:
		return &OptionError{Key: "queue_pick", Msg: fmt.Sprintf("must be one of %v (got %q)", QueuePicks(), o.QueuePick)}
	}
	switch o.Dispatch {
	case "", DispatchEmptyQueues, DispatchFree:
		return nil
	}
	return &OptionError{Key: "dispatch", Msg: fmt.Sprintf("must be one of %v (got %q)", Dispatches(), o.Dispatch)}
}

// AllocatorConstructor builds an allocation approach from validated
// options.
type AllocatorConstructor func(o Options) gang.Allocator

// QueueConstructor builds a GS queue discipline.
type QueueConstructor func() gang.GridQueue

var (
	allocators = policies.NewRegistry[AllocatorConstructor]("grid: allocator", ErrUnknown)
	queues     = policies.NewRegistry[QueueConstructor]("grid: queue discipline", ErrUnknown)
)

// RegisterAllocator adds an allocation approach under name. It is called
// from init functions; a name registered twice panics at start-up.
func RegisterAllocator(name, summary string, ctor AllocatorConstructor) {
	allocators.Register(name, summary, ctor)
}

// RegisterQueue adds a GS queue discipline under name. It is called from
// init functions; a name registered twice panics at start-up.
func RegisterQueue(name, summary string, ctor QueueConstructor) {
	queues.Register(name, summary, ctor)
}

// Allocators returns the registered allocation approaches, sorted.
func Allocators() []string { return allocators.Names() }

// Queues returns the registered GS queue disciplines, sorted.
func Queues() []string { return queues.Names() }

// AllocatorSummary returns the one-line description of an approach.
func AllocatorSummary(name string) (string, bool) { return allocators.Summary(name) }

// QueueSummary returns the one-line description of a queue discipline.
func QueueSummary(name string) (string, bool) { return queues.Summary(name) }

// NewAllocator validates o and returns a new instance of the named
// approach. Use one instance per System.
func NewAllocator(name string, o Options) (gang.Allocator, error) {
	ctor, err := allocators.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.SiteChoice == "" {
		o.SiteChoice = SiteRandom
	}
	return ctor(o), nil
}

// NewQueue returns a new instance of the named GS queue discipline.
func NewQueue(name string) (gang.GridQueue, error) {
	ctor, err := queues.Lookup(name)
	if err != nil {
		return nil, err
	}
	return ctor(), nil
}
