/* Every game through one door: an engine over a data folder, a JSON question, the JSON
 * answer (the CLI's --json). Build: cc -I include examples/games.c target/release/libyahtzee.a
 * -lpthread -ldl -lm -o games; run: ./games DATA_DIR */
#include <stdio.h>
#include "yahtzee.h"

static int ask(YzEngine *engine, const char *game, const char *question) {
    char *answer = NULL;
    int status = yz_game_advise(engine, game, question, &answer);
    if (status != YZ_OK) {
        printf("code %d: %s\n", status, yz_last_error());
        return status;
    }
    printf("%s\n", answer);
    yz_string_free(answer);
    return YZ_OK;
}

int main(int argc, char **argv) {
    YzEngine *engine = NULL;
    if (yz_engine_new(argc > 1 ? argv[1] : NULL, &engine) != YZ_OK) {
        fprintf(stderr, "error: %s\n", yz_last_error());
        return 1;
    }
    /* Triple Yahtzee: keep which dice of 1 3 3 4 6, two rerolls left? */
    int failed = ask(engine, "triple", "{\"card\": \"1.ones=3\", \"dice\": \"13346\", \"rolls_left\": 2}");
    /* Yahtzix to 300: bank or roll on with 1 1 5 5 2 3? (the game may also be named inside) */
    failed |= ask(engine, NULL, "{\"game\": \"yahtzix\", \"target\": 300, \"me\": 100, \"opp\": 150, \"dice\": \"115523\"}");
    /* Three players: every score in seat order and the mover's seat (from 1); the answer
     * says "players": 3 and reckons the chances heads-up against the leader. */
    failed |= ask(engine, "yahtzix", "{\"target\": 300, \"scores\": [0, 150, 100], \"seat\": 2, \"dice\": \"115523\"}");
    /* Wrong questions: one line, and a code (YZ_ERR_INPUT). */
    ask(engine, "triple", "{\"dice\": \"1334\", \"rolls_left\": 2}");
    ask(engine, "yahtzix", "{\"target\": 300, \"scores\": [0, 150, 100], \"seat\": 4}");
    yz_engine_free(engine);
    return failed ? 1 : 0;
}
