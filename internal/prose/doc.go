// Package prose folds text for a terminal: the result tables, schedsim
// list and metrics, and trace info break their long lines with Wrap.
package prose
