// Package sacctmgr reads a site's associations and QoS as sacctmgr prints
// them with --parsable2 (and sshare's shares and usage):
//
//	sacctmgr show assoc --parsable2 format=Cluster,Account,User,Partition,Share,ParentName,Priority,MaxJobs,QOS
//	sacctmgr show qos --parsable2 format=Name,Priority,MaxJobsPU,GrpTRES,MaxWall,UsageFactor
//
// Columns are found by their header names, in any order; columns not
// read are ignored. The associations make an account tree (ParentName;
// without that column every account hangs from root) with users and
// their raw shares ("parent" for FairShare=parent on a user). A user row
// whose account has no account row, or an account whose parent is
// missing, is attached to Options.DefaultAccount ("root" by default),
// counted and reported in Tree.Problems, never dropped.
//
// ReadShares reads `sshare -a -l --parsable2`, the usage and the fair
// share Slurm computed, to hold schedsim's against.
//
// Errors are one line, "FILE:LINE: sacctmgr: …"; lines are capped
// (MaxLineLength); a NUL byte is an error; nothing panics.
package sacctmgr
