package css

import "math"

// UserUtility returns the user utility of an alternative whose criterion
// value is z, when the job's alternatives range from zmin (the best) to
// zmax (the worst): U = (z − zmin) / (zmax − zmin) · 100%. Smaller is
// better for the user. U is 0 when zmax = zmin, and it is clamped to
// [0, 100] for a value outside the range (a window found later, for
// example by replication, measured against the job's alternatives).
func UserUtility(z, zmin, zmax float64) float64 {
	if !(zmax > zmin) {
		return 0
	}
	u := (z - zmin) / (zmax - zmin) * 100
	return math.Min(100, math.Max(0, u))
}

// Range returns the least and greatest value of property p over alts
// (+Inf, −Inf when alts is empty).
func Range(alts []Alternative, p Property) (zmin, zmax float64) {
	zmin, zmax = math.Inf(1), math.Inf(-1)
	for _, a := range alts {
		v := a.Value(p)
		zmin, zmax = math.Min(zmin, v), math.Max(zmax, v)
	}
	return zmin, zmax
}

// SetUtilities sets the Utility of each of one job's alternatives from
// the job's criterion property p over those alternatives: the best gets
// 0, the worst 100.
func SetUtilities(alts []Alternative, p Property) {
	zmin, zmax := Range(alts, p)
	for i := range alts {
		alts[i].Utility = UserUtility(alts[i].Value(p), zmin, zmax)
	}
}
