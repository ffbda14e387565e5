package model

import "math"

// BusyMeter integrates a level over time, such as the number of busy
// processors or of jobs in the system, so that its time average over any
// window can be read. Reset starts a new window (after a warm-up).
type BusyMeter struct {
	level  float64
	since  float64
	start  float64
	area   float64
	maxLvl float64
}

// Set changes the level at time now.
func (m *BusyMeter) Set(now, level float64) {
	m.area += m.level * (now - m.since)
	m.level, m.since = level, now
	if level > m.maxLvl {
		m.maxLvl = level
	}
}

// Add changes the level by delta at time now.
func (m *BusyMeter) Add(now, delta float64) { m.Set(now, m.level+delta) }

// Level returns the current level.
func (m *BusyMeter) Level() float64 { return m.level }

// Max returns the largest level seen since the last Reset.
func (m *BusyMeter) Max() float64 { return m.maxLvl }

// Reset starts a new averaging window at time now, keeping the level.
func (m *BusyMeter) Reset(now float64) {
	m.area, m.since, m.start, m.maxLvl = 0, now, now, m.level
}

// Area returns the integral of the level from the window start to now.
func (m *BusyMeter) Area(now float64) float64 {
	return m.area + m.level*(now-m.since)
}

// Mean returns the time average of the level from the window start to now
// (NaN, undefined, for an empty window).
func (m *BusyMeter) Mean(now float64) float64 {
	if now <= m.start {
		return math.NaN()
	}
	return m.Area(now) / (now - m.start)
}
