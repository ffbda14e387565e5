package scenarios

import (
	"fmt"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
)

// MaxPlatformBytes is the largest platform file read: a cluster takes a
// few lines, so a mebibyte holds thousands.
const MaxPlatformBytes = 1 << 20

// ParsePlatform decodes a platform file (multicluster.Platform's YAML
// form, a list of clusters with name, processors and speed) with the
// checks of a scenario file (DecodeStrictYAML: an unknown key names its
// line and the keys allowed there, a value of the wrong type or a
// fractional processor count names its key path and line, a second
// document is an error) and validates it (multicluster.Platform.Validate).
// file names the source in errors, which wrap multicluster.ErrPlatform.
func ParsePlatform(data []byte, file string) (multicluster.Platform, error) {
	var p multicluster.Platform
	if err := DecodeStrictYAML(data, file, &p); err != nil {
		return p, fmt.Errorf("%w: %w", multicluster.ErrPlatform, err)
	}
	if err := p.Validate(); err != nil {
		// Validate's error is ErrPlatform and a FieldError naming the key:
		// the file goes between them.
		if fe, ok := model.AsField(err); ok {
			return p, fmt.Errorf("%w: %s: %w", multicluster.ErrPlatform, file, fe)
		}
		return p, fmt.Errorf("%s: %w", file, err)
	}
	return p, nil
}
