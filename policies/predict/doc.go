// Package predict holds the runtime predictors of the cluster model: what
// a backfilling scheduler assumes about a job's runtime instead of (or
// derived from) its requested time, after Tsafrir, Etsion & Feitelson
// ("Backfilling using system-generated predictions rather than user
// runtime estimates", IEEE TPDS 2007) and Mu'alem & Feitelson (IEEE TPDS
// 2001).
//
// A Predictor (cluster.Predictor) predicts a job's runtime once, when the
// job arrives, and observes every job that ends; the cluster asks a
// Corrector for a new prediction when a running job reaches its
// prediction without ending. Predictors are registered by name in
// Predictors (requested, actual, user-last-k, user-average, doubled,
// halved); New builds one and wraps it in the TPDS'07 correction strategy
// of Options.Correction. Every prediction is capped by the job's requested
// time (except doubled's, which is twice it by definition); the cluster
// raises it to cluster.MinEstimate and never lets a correction fall to or
// below the time the job has already run.
//
// docs/explanation/predictions.md states every semantic choice.
package predict
