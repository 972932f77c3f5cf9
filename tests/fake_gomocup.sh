#!/usr/bin/env bash
# A scripted Gomocup brain for the referee's tests: it plays the first empty point, row by row
# from 0,0, and misbehaves on cue.
#
#   fake_gomocup.sh MODE [N]
#
# MODE, applied when asked for a move after N moves answered by this process (default 0):
#   normal    never misbehave
#   lossy     drop the first command after each move (as Rapfi can), from the start
#   illegal   answer a point that is taken
#   offboard  answer 99,99
#   error     answer ERROR instead of a move
#   crash     exit at once, without a word
#   slow      answer one second after the turn's time (INFO timeout_turn)
#   refuse    answer START with ERROR
# With FAKE_LOG set, every line received is appended to that file.
mode=$1 limit=${2:-0}
declare -A taken
size=15 answered=0 turn_ms=1000 drop=0 last=

misbehaving() { [[ $mode != normal && $mode != lossy ]] && ((answered >= limit)); }

move() {
    if misbehaving; then
        case $mode in
            illegal) echo "$last"; return ;;
            offboard) echo "99,99"; return ;;
            error) echo "ERROR cannot think"; return ;;
            crash) exit 3 ;;
            slow) sleep "$(((turn_ms + 1000) / 1000)).$(((turn_ms + 1000) % 1000 / 100))" ;;
        esac
    fi
    for ((y = 0; y < size; y++)); do
        for ((x = 0; x < size; x++)); do
            if [[ -z ${taken[$x,$y]} ]]; then
                taken[$x,$y]=1
                echo "$x,$y"
                answered=$((answered + 1))
                [[ $mode == lossy ]] && drop=1
                return
            fi
        done
    done
}

while IFS= read -r line; do
    line=${line%$'\r'}
    [[ -n $FAKE_LOG ]] && echo "$line" >>"$FAKE_LOG"
    if ((drop)); then
        drop=0
        continue
    fi
    case ${line^^} in
        START*)
            if [[ $mode == refuse ]]; then
                echo "ERROR unsupported size"
            else
                size=${line#* } taken=() last=
                echo OK
            fi
            ;;
        ABOUT) echo 'name="fake gomocup", version="1.0", author="tests"' ;;
        "INFO TIMEOUT_TURN "*) turn_ms=${line##* } ;;
        INFO*) ;;
        BEGIN) move ;;
        TURN*) last=${line#* } && taken[$last]=1 && move ;;
        BOARD)
            taken=()
            while IFS= read -r stone; do
                stone=${stone%$'\r'}
                [[ -n $FAKE_LOG ]] && echo "$stone" >>"$FAKE_LOG"
                [[ ${stone^^} == DONE ]] && break
                IFS=, read -r x y _ <<<"$stone"
                taken[$x,$y]=1 last=$x,$y
            done
            move
            ;;
        END) exit 0 ;;
        *) echo "UNKNOWN $line" ;;
    esac
done
