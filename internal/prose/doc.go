// Package prose lays text out for a terminal of a given width: Wrap
// folds prose at spaces, Hang folds a line after a prefix with a hanging
// indent, and Columns writes rows as padded columns whose last column is
// folded under itself. The result tables, the claims table, schedsim
// list and metrics, and trace info use them.
package prose
