package scenarios

import "github.com/schedsim/schedsim/model"

// policyError places an error of a policy registry's New under the
// scenario's keys: a bad option is already a *model.FieldError naming its
// key, which is a key of params (the kinds inline their policy options);
// anything else (an unknown name) goes under key, the parameter that
// names the policy.
func policyError(key string, err error) error {
	if _, ok := model.AsField(err); ok {
		return err
	}
	return model.Under(key, err)
}
