package slot

import (
	"fmt"
	"math"
)

// Node is a computational node: its relative performance (clock speed,
// larger is faster) and its price per time unit of use. Slots refer to
// nodes by their index in List.Nodes.
type Node struct {
	// Name is an optional label for outputs.
	Name string `yaml:"name,omitempty"`
	// Performance is the node's speed; it must be > 0.
	Performance float64 `yaml:"performance"`
	// Price is the charge per time unit of use; it must be ≥ 0.
	Price float64 `yaml:"price"`
	// BasePrice is the node's market price per time unit before its
	// owner's margin (the "base cost" of Toporkov et al.); 0 means Price.
	// A job may limit the ratio Price / BasePrice it accepts
	// (policies/slots.Limits.MaxPriceFactor).
	BasePrice float64 `yaml:"base_price,omitempty"`
}

// Base returns BasePrice, or Price when BasePrice is 0.
func (n Node) Base() float64 {
	if n.BasePrice > 0 {
		return n.BasePrice
	}
	return n.Price
}

// Validate checks that the performance is finite and > 0 and the prices
// finite and ≥ 0.
func (n Node) Validate() error {
	if !(n.Performance > 0) || math.IsInf(n.Performance, 0) {
		return fmt.Errorf("slot: performance must be a finite number > 0 (got %v)", n.Performance)
	}
	if !(n.Price >= 0) || math.IsInf(n.Price, 0) {
		return fmt.Errorf("slot: price must be a finite number ≥ 0 (got %v)", n.Price)
	}
	if !(n.BasePrice >= 0) || math.IsInf(n.BasePrice, 0) {
		return fmt.Errorf("slot: base_price must be a finite number ≥ 0 (got %v)", n.BasePrice)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
