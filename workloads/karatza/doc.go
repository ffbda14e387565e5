// Package karatza generates the synthetic workload of Dimitriadou and
// Karatza (2010) for the two-site gang model (package model/gang): Poisson
// arrivals of local jobs at every site (rate λ each), Poisson arrivals of
// gangs at the grid scheduler (rate λ3), gang sizes uniform over a set
// (U{2..13}, or {2, 4, 8, 16} as in the earlier power-of-2 study),
// exponential service times shared by all tasks of a gang, and runtime
// estimates with a relative error E: estimate = actual × (1 + U(−E, +E)),
// drawn once per job.
//
// Every random quantity of every arrival stream has its own random stream
// (see the Stream constants): the n-th local job of site 1 gets the same
// inter-arrival draw, service time and estimate error whatever λ, λ3, the
// gang sizes, E or the policy, so that scenario points compared on the same
// seed use common random numbers and their paired differences are tight.
package karatza
