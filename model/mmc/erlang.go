package mmc

// Analytic holds the steady-state values of an M/M/c queue.
type Analytic struct {
	// Rho is the server utilization λ/(cμ).
	Rho float64
	// PWait is Erlang's C: the probability that an arrival waits.
	PWait float64
	// MeanWait is Wq = C / (cμ − λ).
	MeanWait float64
	// MeanResponse is W = Wq + 1/μ.
	MeanResponse float64
	// MeanInSystem is L = λW (Little's law).
	MeanInSystem float64
}

// ErlangC returns the steady-state values of a stable M/M/c queue with
// arrival rate lambda and service rate mu per server. The Erlang-B
// recursion keeps it accurate for large c.
func ErlangC(c int, lambda, mu float64) Analytic {
	a := lambda / mu
	rho := a / float64(c)
	b := 1.0 // Erlang B with 0 servers
	for k := 1; k <= c; k++ {
		b = a * b / (float64(k) + a*b)
	}
	pw := b / (1 - rho*(1-b))
	wq := pw / (float64(c)*mu - lambda)
	w := wq + 1/mu
	return Analytic{Rho: rho, PWait: pw, MeanWait: wq, MeanResponse: w, MeanInSystem: lambda * w}
}
