package prose_test

import (
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/internal/prose"
)

// Folding a description under a column: the first line beside a label,
// the rest indented to the same column.
func ExampleWrap() {
	text := "conservative backfilling: a reservation for every queued job, compressed when jobs end early"
	lines := prose.Wrap(text, 40, 40)
	fmt.Println("conservative  " + strings.Join(lines, "\n              "))
	// Output:
	// conservative  conservative backfilling: a reservation
	//               for every queued job, compressed when
	//               jobs end early
}
