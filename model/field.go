package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/internal/suggest"
)

// FieldError reports a parameter value that is missing or outside its
// allowed range. Path is the dotted key path of the value ("servers",
// "sizes.max", "clusters[2].speed"); Msg says what is wrong, for example
// "must be ≥ 1 (got 0)".
type FieldError struct {
	Path string
	Msg  string
}

func (e *FieldError) Error() string { return e.Path + ": " + e.Msg }

// Child returns a copy of e placed below prefix: Child("sizes") of
// "max: …" is "sizes.max: …". An empty prefix returns e unchanged.
func (e *FieldError) Child(prefix string) *FieldError {
	if prefix == "" {
		return e
	}
	p := prefix
	if e.Path != "" {
		if e.Path[0] == '[' {
			p += e.Path
		} else {
			p += "." + e.Path
		}
	}
	return &FieldError{Path: p, Msg: e.Msg}
}

// Field returns a *FieldError for path with a formatted message, for
// example Field("servers", "must be ≥ 1 (got %d)", c).
func Field(path, format string, args ...any) error {
	return &FieldError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// Under places err below prefix: a *FieldError (anywhere in err's chain)
// gets prefix in front of its path; any other non-nil error becomes a
// FieldError at prefix with err's text as its message. Under(prefix, nil)
// is nil.
func Under(prefix string, err error) error {
	if err == nil {
		return nil
	}
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.Child(prefix)
	}
	return &FieldError{Path: prefix, Msg: err.Error()}
}

// AsField reports whether err is (or wraps) a *FieldError, and returns it.
func AsField(err error) (*FieldError, bool) {
	var fe *FieldError
	ok := errors.As(err, &fe)
	return fe, ok
}

// Positive checks v > 0 (NaN fails; +Inf passes, see FinitePositive).
func Positive(path string, v float64) error {
	if !(v > 0) {
		return Field(path, "must be > 0 (got %v)", v)
	}
	return nil
}

// FinitePositive checks that v is a finite number > 0.
func FinitePositive(path string, v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return Field(path, "must be a finite number > 0 (got %v)", v)
	}
	return nil
}

// NonNegative checks that v is a finite number ≥ 0.
func NonNegative(path string, v float64) error {
	if !(v >= 0) || math.IsInf(v, 0) {
		return Field(path, "must be a finite number ≥ 0 (got %v)", v)
	}
	return nil
}

// IntRange checks lo ≤ v ≤ hi.
func IntRange(path string, v, lo, hi int) error {
	if v < lo || v > hi {
		return Field(path, "must be in [%d, %d] (got %d)", lo, hi, v)
	}
	return nil
}

// FloatRange checks lo ≤ v ≤ hi (NaN is outside every range).
func FloatRange(path string, v, lo, hi float64) error {
	if !(v >= lo && v <= hi) {
		return Field(path, "must be in [%v, %v] (got %v)", lo, hi, v)
	}
	return nil
}

// OneOf checks that v is one of the allowed names.
func OneOf(path, v string, allowed ...string) error {
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	return Field(path, "must be one of %v (got %q)%s", allowed, v, suggest.DidYouMean(v, allowed))
}

// FirstError returns the first non-nil error, so that a Validate method
// can list its checks in order.
func FirstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
