package sacctmgr

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// QOS is one QoS row.
type QOS struct {
	Name     string
	Priority float64
	// MaxJobsPerUser is MaxJobsPU (0: no limit).
	MaxJobsPerUser int
	// GrpCPUs is GrpTRES's cpu= (0: no limit).
	GrpCPUs int
	Line    int
}

// QOSOptions are the reading options of ReadQOS.
type QOSOptions struct {
	// AllowUnmodelled accepts a UsageFactor other than 1 and TRES limits
	// other than cpu, which are not modelled, instead of failing.
	AllowUnmodelled bool
}

// ReadQOS reads `sacctmgr show qos --parsable2` output.
func ReadQOS(r io.Reader, name string, o QOSOptions) ([]QOS, error) {
	var out []QOS
	seen := map[string]int{}
	err := table(r, name, []string{"Name", "Priority"}, func(line int, rw row) error {
		get := rw.get
		q := QOS{Name: get("Name"), Line: line}
		if q.Name == "" {
			return fmt.Errorf("an empty Name")
		}
		if l, dup := seen[q.Name]; dup {
			return fmt.Errorf("QOS %s: already on line %d", q.Name, l)
		}
		seen[q.Name] = line
		p, err := optInt(get("Priority"), "Priority")
		if err != nil {
			return err
		}
		q.Priority = float64(p)
		if q.MaxJobsPerUser, err = optInt(get("MaxJobsPU"), "MaxJobsPU"); err != nil {
			return err
		}
		for _, kv := range strings.Split(get("GrpTRES"), ",") {
			k, v, _ := strings.Cut(kv, "=")
			switch {
			case kv == "":
			case k == "cpu":
				if q.GrpCPUs, err = optInt(v, "GrpTRES cpu"); err != nil {
					return err
				}
			case !o.AllowUnmodelled:
				return fmt.Errorf("QOS %s: GrpTRES %s is not modelled (only cpu)", q.Name, kv)
			}
		}
		if uf := get("UsageFactor"); uf != "" && !o.AllowUnmodelled {
			if f, err := strconv.ParseFloat(uf, 64); err != nil || f != 1 {
				return fmt.Errorf("QOS %s: UsageFactor %s is not modelled (only 1)", q.Name, uf)
			}
		}
		out = append(out, q)
		return nil
	})
	return out, err
}
