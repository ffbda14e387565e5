package slotexp

// css2014Table1 holds Table 1 of Toporkov et al. 2014: per user criterion
// of the generalised scheme, and for plain CSS, N_A, start, runtime,
// finish and cost. N_A is read as the alternatives found in one cycle for
// the jobs of one criterion group (about 5 jobs, line 253 of the paper),
// so it is the reference of the _group_alternatives metrics. The cost row's finish is printed
// garbled ("8 1 3"); it is read as 318.1 = 262.6 + 55.5, as in the start
// and runtime rows, where finish = start + runtime to the rounding.
var css2014Table1 = map[string][5]float64{
	"gen_by_start":   {12.8, 171.7, 56.1, 227.8, 1281.1},
	"gen_by_runtime": {10.6, 214.5, 39.3, 253.9, 1278.5},
	"gen_by_finish":  {12.2, 169.6, 45, 205.5, 1283.2},
	"gen_by_cost":    {12.9, 262.6, 55.5, 318.1, 1098.3},
	"css":            {12.1, 222, 50.3, 272.3, 1248.4},
}

// css2014Table2 holds Table 2: per owner's unit price c, the node's busy
// time, load, profit and the share of failed cycles.
var css2014Table2 = map[float64][4]float64{
	2:  {256.6, 0.44, 527.1, 0},
	4:  {234.9, 0.39, 939.6, 0.001},
	6:  {185.4, 0.31, 1112.3, 0.013},
	8:  {109.8, 0.18, 878.7, 0.024},
	10: {71, 0.12, 710.3, 0.025},
}

// css2014Table3 holds Table 3: planned and actual processor time and start
// of backfilling, plain CSS and the generalised scheme, its last row (the
// advantage of the generalised scheme over backfilling), the 46% by which
// backfilling's starts move earlier (line 347), and what the table gives
// for the growth of the advantage (27.5 − 26.2) and the gain over CSS
// (100·(150.1 − 138.6)/150.1 = 7.66).
var css2014Table3 = map[string]float64{
	"backfill_proc": 187.7, "backfill_actual_proc": 115.1, "backfill_start": 69, "backfill_actual_start": 37.3,
	"css_proc": 150.1, "css_actual_proc": 90.4, "css_start": 281.2, "css_actual_start": 281.2,
	"gen_proc": 138.6, "gen_actual_proc": 83.5, "gen_start": 223.8, "gen_actual_start": 223.8,
	"gen_vs_backfill_proc_pct": 26.2, "gen_vs_backfill_actual_proc_pct": 27.5,
	"gen_vs_backfill_start_pct": -69, "gen_vs_backfill_actual_start_pct": -83,
	"gen_vs_backfill_proc_growth": 1.3, "backfill_actual_start_cut_pct": 46, "gen_vs_css_proc_pct": 7.66,
}

// CSS2014References returns the paper's values under this package's
// metric names: table "table1", "table2" (for the owner's price c; none
// for a price the table lacks) or "table3"; nil otherwise.
func CSS2014References(table string, price float64) map[string]float64 {
	refs := map[string]float64{}
	switch table {
	case "table1":
		for prefix, row := range css2014Table1 {
			for k, name := range []string{"group_alternatives", "start", "runtime", "finish", "cost"} {
				refs[prefix+"_"+name] = row[k]
			}
		}
	case "table2":
		row, ok := css2014Table2[price]
		if !ok {
			return nil
		}
		refs["owned_busy"], refs["owned_load"], refs["owned_profit"], refs["gen_failed_share"] = row[0], row[1], row[2], row[3]
	case "table3":
		for k, v := range css2014Table3 {
			refs[k] = v
		}
	default:
		return nil
	}
	return refs
}
