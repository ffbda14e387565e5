// Package policies holds the pluggable scheduling decisions of schedsim,
// one subpackage per family (batch, grid, local, slots). This package
// holds what the families share: the registry that maps a policy's name
// to its constructor, in the style of the Kubernetes scheduler framework.
package policies
