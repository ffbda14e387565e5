// Package suggest finds the valid names nearest to a misspelt one, for
// the "did you mean …" hint of an error: an unknown key, policy, built-in
// scenario, metric, command, flag or trace name.
package suggest
