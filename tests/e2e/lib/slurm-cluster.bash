# A single-node SLURM cluster on this machine for the end-to-end tests
# (sourced, not run): munged with its own socket, slurmctld and slurmd
# started directly (no systemd) from a slurm.conf in $SLURM_DIR that lists
# this host with its real CPU count and memory. Jobs run in SLURM's cgroups
# (proctrack/cgroup, task/cgroup with a memory limit, jobacct_gather/cgroup
# with CPU accounting; cgroup v1 here) where this machine allows it, else without (proctrack/linuxproc, task/none: no
# memory limit); SLURM_TEST_CGROUPS says which (yes/no). slurm_start
# exports SLURM_CONF for the client commands; slurm_stop cancels the jobs,
# kills the three daemons it started (by their process ids) and removes
# $SLURM_DIR. SLURM_EXTRA_CONF: more slurm.conf lines (e.g. MaxArraySize=5).
#   slurm_start DIR   returns 77 (after saying why) when SLURM is absent,
#                     1 when the cluster does not come up
#   slurm_stop
SLURM_PIDS=()

# A TCP port nobody listens on (two test clusters may run at once).
slurm_free_port() {
    local p
    while :; do
        p=$((20000 + RANDOM % 30000))
        ss -Hltn "sport = :$p" 2>/dev/null | grep -q . || { echo "$p"; return; }
    done
}

slurm_write_conf() { # dir cgroups(yes/no)
    local d=$1 host node proctrack=proctrack/linuxproc task=task/none acct=jobacct_gather/none
    host=$(hostname -s)
    node=$(slurmd -C | head -1 | sed 's/ UpTime.*//')
    if [ "$2" = yes ]; then
        proctrack=proctrack/cgroup task=task/cgroup acct=jobacct_gather/cgroup
        printf 'CgroupPlugin=autodetect\nConstrainRAMSpace=yes\nConstrainSwapSpace=yes\n' >"$d/cgroup.conf"
    fi
    cat >"$d/slurm.conf" <<CONF
ClusterName=ordotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(slurm_free_port)
SlurmdPort=$(slurm_free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge.sock
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=$proctrack
TaskPlugin=$task
FirstJobId=$SLURM_FIRST_JOB
JobAcctGatherType=$acct
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
KillWait=2
InactiveLimit=0
MinJobAge=2
SchedulerParameters=batch_sched_delay=0
${SLURM_EXTRA_CONF:-}
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
}

slurm_start() { # dir
    SLURM_DIR=$1
    local tool
    for tool in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
        if ! command -v "$tool" >/dev/null; then
            echo "SKIP: $tool is not installed (make deps installs munge, slurmctld, slurmd, slurm-client)"
            return 77
        fi
    done
    mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool" && chmod 755 "$SLURM_DIR"
    mungekey --create --keyfile="$SLURM_DIR/munge.key" --force || return 1
    chmod 0600 "$SLURM_DIR/munge.key"
    munged --foreground --force --socket="$SLURM_DIR/munge.sock" --key-file="$SLURM_DIR/munge.key" \
        --pid-file="$SLURM_DIR/munged.pid" --log-file="$SLURM_DIR/munged.log" \
        --seed-file="$SLURM_DIR/munged.seed" >"$SLURM_DIR/munged.out" 2>&1 &
    SLURM_PIDS+=($!)
    export SLURM_CONF=$SLURM_DIR/slurm.conf
    # Job ids of their own: two test clusters at once share SLURM's cgroups.
    SLURM_FIRST_JOB=$((1000 + RANDOM * 1000))
    SLURM_TEST_CGROUPS=yes
    slurm_write_conf "$SLURM_DIR" yes
    slurm_daemons && return 0
    echo "SLURM's cgroup plugins do not run here; the test cluster goes without them"
    tail -n 5 "$SLURM_DIR"/slurmd.log
    kill "${SLURM_PIDS[@]:1}" 2>/dev/null
    wait "${SLURM_PIDS[@]:1}" 2>/dev/null
    SLURM_PIDS=("${SLURM_PIDS[0]}")
    rm -f "$SLURM_DIR/cgroup.conf"
    SLURM_TEST_CGROUPS=no
    slurm_write_conf "$SLURM_DIR" no
    slurm_daemons && return 0
    echo "the test cluster did not come up; its logs:"
    tail -n 20 "$SLURM_DIR"/*.log "$SLURM_DIR"/*.out
    return 1
}

# Starts slurmctld and slurmd; true once the node is idle, false as soon as
# a daemon has exited or the node is down or drained (what SLURM does when
# its cgroup plugins cannot run), or after 120 s of wall time. (A count of
# 0.2 s sleeps, 8 s with the cgroup plugins, was not an event: on a loaded
# machine a slow start was taken for plugins that do not run.)
slurm_daemons() {
    slurmctld -D -i -f "$SLURM_CONF" >"$SLURM_DIR/slurmctld.out" 2>&1 &
    SLURM_PIDS+=($!)
    slurmd -D -f "$SLURM_CONF" >"$SLURM_DIR/slurmd.out" 2>&1 &
    SLURM_PIDS+=($!)
    wait_until 120 slurm_settled && [ "$(slurm_node_state)" = idle ]
}
slurm_node_state() { sinfo -h -o '%t' 2>/dev/null; }
# The node is idle, down or drained, or one of the last two daemons exited.
slurm_settled() {
    local n=${#SLURM_PIDS[@]}
    kill -0 "${SLURM_PIDS[n - 2]}" 2>/dev/null && kill -0 "${SLURM_PIDS[n - 1]}" 2>/dev/null ||
        return 0
    slurm_node_state | grep -qE '^(idle|down|drain|fail)'
}

slurm_stop() {
    local pid i
    if [ ${#SLURM_PIDS[@]} -gt 0 ]; then # no job outlives the cluster
        scancel --full $(squeue -h -o %A 2>/dev/null) 2>/dev/null
        for i in $(seq 50); do
            [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    for pid in "${SLURM_PIDS[@]+"${SLURM_PIDS[@]}"}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${SLURM_PIDS[@]+"${SLURM_PIDS[@]}"}"; do
        wait "$pid" 2>/dev/null
    done
    SLURM_PIDS=()
    slurm_remove_job_cgroups
    [ -n "${SLURM_DIR:-}" ] && rm -rf "$SLURM_DIR"
}

# The cgroups of this cluster's jobs that outlived them (a process of a
# killed job had made a group of its own inside), deepest first.
slurm_remove_job_cgroups() {
    [ -n "${SLURM_FIRST_JOB:-}" ] || return 0
    local job
    for job in /sys/fs/cgroup/*/slurm_*/uid_*/job_*; do
        [ -d "$job" ] || continue
        local id=${job##*job_}
        [ "$id" -ge "$SLURM_FIRST_JOB" ] && [ "$id" -lt $((SLURM_FIRST_JOB + 1000)) ] &&
            find "$job" -depth -type d -exec rmdir {} + 2>/dev/null
    done
    return 0
}
