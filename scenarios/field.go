package scenarios

import "fmt"

// FieldError reports a value outside its allowed range. Key is the path of
// the key below `params:` (for example "servers" or "sizes.max"); the
// scenario loader adds the file name, the line and the `params.` prefix.
type FieldError struct {
	Key string
	Msg string
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Msg }

// Field returns a *FieldError for key with a formatted message, for example
// Field("servers", "must be ≥ 1 (got %d)", c).
func Field(key, format string, args ...any) error {
	return &FieldError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// Positive checks v > 0.
func Positive(key string, v float64) error {
	if !(v > 0) {
		return Field(key, "must be > 0 (got %v)", v)
	}
	return nil
}

// IntRange checks lo ≤ v ≤ hi.
func IntRange(key string, v, lo, hi int) error {
	if v < lo || v > hi {
		return Field(key, "must be in [%d, %d] (got %d)", lo, hi, v)
	}
	return nil
}

// FloatRange checks lo ≤ v ≤ hi.
func FloatRange(key string, v, lo, hi float64) error {
	if !(v >= lo && v <= hi) {
		return Field(key, "must be in [%v, %v] (got %v)", lo, hi, v)
	}
	return nil
}

// OneOf checks that v is one of the allowed names.
func OneOf(key, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return Field(key, "must be one of %v (got %q)", allowed, v)
}

// FirstError returns the first non-nil error, so that Validate methods can
// list their checks in order.
func FirstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
