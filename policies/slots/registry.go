package slots

import "github.com/schedsim/schedsim/policies"

// Methods is the registry of the single-job window searches that the
// batch alternatives search runs: which slots form a job's window. They
// take no options; Methods.New returns the Method.
var Methods = policies.NewRegistry[struct{}, Method](policies.Family{
	Name:     "slot-window",
	Decision: "which slots of a slot list form one job's window in the batch alternatives search (model kind slots)",
	Package:  "policies/slots",
}, nil)

func init() {
	for _, m := range []struct {
		method  Method
		summary string
	}{
		{MethodALP, "ALP: every slot's price ≤ the job's price limit C, the earliest window"},
		{MethodAMP, "AMP: the window's cost ≤ the job's budget S = C·t·N, the earliest window of the cheapest slots"},
	} {
		Methods.Register(m.method.Name, m.summary, func(struct{}) (Method, error) { return m.method, nil })
	}
}
