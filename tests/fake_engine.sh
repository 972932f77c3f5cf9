#!/usr/bin/env bash
# A scripted engine for the referee's tests: it forwards the protocol to a real tabula and
# misbehaves on cue.
#
#   fake_engine.sh TABULA MODE [N]
#
# MODE, applied when asked for a move after N moves answered by this process (default 0):
#   normal   never misbehave
#   crash    exit at once, without a word
#   hang     never answer `go` (but keep reading, as a stuck search would)
#   flood    answer `go` with `info` lines without end, never `bestmove`
#   illegal  answer `bestmove zz99`
#   empty    answer `bestmove` without a move
#   error    answer `error cannot search`
#   controls answer an `error` line with ESC, BEL and NUL in it
#   illegalcontrols  answer a `bestmove` with ESC and NUL in its move
#   orphan   exit at once, leaving a child that keeps the output open (its pid goes to
#            FAKE_ORPHANS when set)
#   setsid   the same, the child in a session of its own (out of reach of a group kill)
#   slow     answer after sleeping 0.3 s
#   partial  write half a `bestmove` line, no end of line, and exit (a pipe closed mid-line)
#   longline write one endless line without an end of line (never `bestmove`)
#   score    play tabula's move but report `score cp N` with it, N taking the place of the
#            count (a confident or a despairing engine, for `--adjudicate-win`)
# With FAKE_PIDS set, the process appends its pid to that file (to check it was ended).
#
# Replies are read synchronously (uci..uciok, isready..readyok, go..bestmove), so no helper
# process outlives this one: when it ends, tabula reads end of input and exits too.
tabula=$1 mode=$2 limit=${3:-0}
[[ -n $FAKE_PIDS ]] && echo $$ >>"$FAKE_PIDS"
coproc ENGINE { exec "$tabula"; }
answered=0

# Forwards tabula's lines until one starting with $1; in mode score, says its score before
# `bestmove`.
relay_until() {
    local reply
    while IFS= read -r reply <&"${ENGINE[0]}"; do
        [[ $mode == score && $reply == bestmove* ]] && echo "info depth 1 score cp $limit"
        echo "$reply"
        [[ $reply == "$1"* ]] && return
    done
    exit 4
}

while IFS= read -r line; do
    case $line in
        go*)
            if [[ $mode != normal && $mode != score ]] && ((answered >= limit)); then
                case $mode in
                    crash) exit 3 ;;
                    orphan)
                        sleep 600 &
                        [[ -n $FAKE_ORPHANS ]] && echo $! >>"$FAKE_ORPHANS"
                        exit 3
                        ;;
                    setsid)
                        setsid sleep 600 &
                        [[ -n $FAKE_ORPHANS ]] && echo $! >>"$FAKE_ORPHANS"
                        exit 3
                        ;;
                    slow) sleep 0.3; echo "$line" >&"${ENGINE[1]}"; relay_until bestmove ;;
                    hang) continue ;;
                    flood) while :; do echo "info string still thinking"; done ;;
                    partial) printf 'bestmove a1' && exit 3 ;;
                    longline) while :; do printf '%01000d' 0; done ;;
                    illegal) echo "bestmove zz99" ;;
                    empty) echo "bestmove" ;;
                    error) echo "error cannot search" ;;
                    controls) printf 'error bad\033[31m\a\0byte\n' ;;
                    illegalcontrols) printf 'bestmove a1\033[2J\0\n' ;;
                esac
                continue
            fi
            echo "$line" >&"${ENGINE[1]}"
            relay_until bestmove
            answered=$((answered + 1))
            ;;
        uci) echo "$line" >&"${ENGINE[1]}"; relay_until uciok ;;
        isready) echo "$line" >&"${ENGINE[1]}"; relay_until readyok ;;
        quit) exit 0 ;;
        *) echo "$line" >&"${ENGINE[1]}" ;;
    esac
done
