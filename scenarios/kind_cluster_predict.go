package scenarios

import (
	"slices"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies/batch"
	"github.com/schedsim/schedsim/policies/predict"
)

// validatePredictor checks the predictor keys of the cluster kind: a
// registered predictor, valid options, and a policy that reads them.
func (p *ClusterParams) validatePredictor() error {
	if p.Predictor != "" {
		if err := model.OneOf("predictor", p.Predictor, predict.Predictors.Names()...); err != nil {
			return err
		}
	}
	if err := model.FirstError(model.IntRange("predictor_k", p.K, 1, 1<<20), p.Options.Validate()); err != nil {
		return err
	}
	if key := p.predictorKeySet(); key != "" && !policyReads(p.Policy, "predictor") {
		return model.Field(key, "policy %s reads no predictor (the policies that do: %v)", p.Policy, predictingPolicies())
	}
	if err := model.FloatRange("delay_factor", p.DelayFactor, 0, 1e6); err != nil {
		return err
	}
	if p.DelayFactor != batch.DefaultDelayFactor && !policyReads(p.Policy, "delay_factor") {
		return model.Field("delay_factor", "only greedy-easy reads it (policy %s)", p.Policy)
	}
	return nil
}

// predictorKeySet returns the first predictor key given, or "".
func (p *ClusterParams) predictorKeySet() string {
	o := p.Options
	switch {
	case p.Predictor != "":
		return "predictor"
	case o.K != predict.DefaultK:
		return "predictor_k"
	case o.Fallback != "":
		return "predictor_fallback"
	case o.Correction != "":
		return "correction"
	case o.Increment != 0:
		return "correction_increment"
	case len(o.List) > 0:
		return "correction_list"
	}
	return ""
}

// policyReads reports whether the batch policy name reads option key.
func policyReads(name, key string) bool {
	for _, in := range batch.Policies.Policies() {
		if in.Name == name {
			return slices.Contains(in.Params, key)
		}
	}
	return false
}

// predictingPolicies lists the batch policies that read a predictor.
func predictingPolicies() []string {
	var out []string
	for _, in := range batch.Policies.Policies() {
		if slices.Contains(in.Params, "predictor") {
			out = append(out, in.Name)
		}
	}
	return out
}

// batchOptions returns the batch policy options of the parameters.
func (p *ClusterParams) batchOptions() batch.Options {
	f := p.DelayFactor
	return batch.Options{Order: p.Order, Weights: p.Weights, Predictor: p.Predictor, Predict: p.Options, DelayFactor: &f}
}
