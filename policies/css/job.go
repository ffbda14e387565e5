package css

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// ErrBadJob is wrapped by the errors of Job.Validate.
var ErrBadJob = errors.New("css: invalid job")

// Job is one job of a batch: its resource request, the user's criterion
// and the price the user agrees to pay.
type Job struct {
	// Request is the job's resource request (nodes, length, minimum
	// performance; its MaxPrice and Budget limit the window as in ALP and
	// AMP when they are set).
	Request slot.Request
	// Criterion is the property the user wants minimal: Start, Finish,
	// Runtime or Cost. The job's alternatives are searched with it (AEP)
	// and its utility is measured on it.
	Criterion Property
	// PriceFactor, when > 0, is the highest ratio of a node's price to
	// its base price the user pays (1.6: up to 160% of the market price;
	// 0.9: only nodes at a discount of 10% or more). 0 means no limit.
	PriceFactor float64
}

// SearchCriterion returns the AEP criterion that minimises the user's
// criterion property.
func SearchCriterion(p Property) (slots.Criterion, error) {
	switch p {
	case Start:
		return slots.EarliestStart, nil
	case Finish:
		return slots.EarliestFinish, nil
	case Runtime:
		return slots.ShortestRuntime, nil
	case Cost:
		return slots.LowestCost, nil
	}
	return nil, fmt.Errorf("css: %v is not a user criterion (want start, finish, runtime or cost)", p)
}

// Limits returns the price limits of the job's window search: the
// request's price limit per slot (when > 0) and budget (when > 0), and
// the price factor.
func (j Job) Limits() slots.Limits {
	lim := slots.NoLimits(j.Request)
	if j.Request.MaxPrice > 0 {
		lim.MaxSlotPrice = j.Request.MaxPrice
	}
	if j.Request.Budget > 0 {
		lim.Budget = j.Request.Budget
	}
	lim.MaxPriceFactor = j.PriceFactor
	return lim
}

// Search returns the job's window search: its limits and the AEP
// criterion of its user criterion.
func (j Job) Search() (slots.JobSearch, error) {
	c, err := SearchCriterion(j.Criterion)
	if err != nil {
		return slots.JobSearch{}, err
	}
	return slots.JobSearch{Limits: j.Limits(), Criterion: c}, nil
}

// Validate checks the request, the criterion and the price factor;
// errors wrap ErrBadJob.
func (j Job) Validate() error {
	if err := j.Request.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrBadJob, err)
	}
	if _, err := SearchCriterion(j.Criterion); err != nil {
		return fmt.Errorf("%w: %v", ErrBadJob, err)
	}
	if !(j.PriceFactor >= 0) || math.IsInf(j.PriceFactor, 0) {
		return fmt.Errorf("%w: price factor must be a finite number ≥ 0 (got %v)", ErrBadJob, j.PriceFactor)
	}
	return nil
}

// validateJobs checks every job and returns their searches; an error
// names the job's index.
func validateJobs(jobs []Job) ([]slots.JobSearch, error) {
	out := make([]slots.JobSearch, len(jobs))
	for i, j := range jobs {
		if err := j.Validate(); err != nil {
			return nil, fmt.Errorf("job %d: %w", i, err)
		}
		out[i], _ = j.Search()
	}
	return out, nil
}

// Requests returns the jobs' resource requests.
func Requests(jobs []Job) []slot.Request {
	out := make([]slot.Request, len(jobs))
	for i, j := range jobs {
		out[i] = j.Request
	}
	return out
}
