// Command schedsim runs scheduling simulations described by YAML scenarios
// (or built-in ones) and prints their metrics with confidence intervals.
//
//	schedsim run [flags] [scenario.yaml | built-in name]
//	schedsim run --shard I/N --out DIR [scenario]
//	schedsim merge DIR… --out OUT
//	schedsim slurm SCENARIO --out DIR --tasks N [--submit]
//	schedsim replay --trace F.swf[.gz] --policy easy[,conservative…]
//	schedsim trace info F.swf[.gz] …
//	schedsim trace import-sacct SACCT.txt --out F.swf.gz
//	schedsim generate lublin --procs N --jobs M [--load F] --out F.swf.gz
//	schedsim list
//	schedsim validate scenario.yaml …
//	schedsim version
//
// Exit codes: 0 success (also --help), 1 a data error (a scenario or a
// trace that does not decode or validate), a failed or an interrupted run,
// 2 a usage error (an unknown command or flag, a bad flag value, an
// argument that names no file).
package main
