#!/usr/bin/env bash
# A stand-in for Fairy-Stockfish in the referee's tests: it writes every line it reads to the
# file $1 and answers its first `go` with the move $2 (in Fairy-Stockfish's notation), every
# later one with `bestmove zz99`.
log=$1 first=$2 answered=0
while IFS= read -r line; do
    echo "$line" >>"$log"
    case $line in
        uci) echo "id name FakeFairy"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*)
            if ((answered == 0)); then echo "bestmove $first"; else echo "bestmove zz99"; fi
            answered=$((answered + 1))
            ;;
        quit) exit 0 ;;
    esac
done
