/* commands.h — the tablesight subcommands. Each lives in src/cmd-<name>.c and is given the
 * arguments after the command name (argv[0] is "tablesight <name>"). Returns the exit status. */
#pragma once

typedef int (*TsCommandFunc) (int argc, char **argv);

typedef struct {
  const char *name;
  const char *summary;
  TsCommandFunc run;
} TsCommand;


int ts_cmd_sources (int argc, char **argv);
int ts_cmd_calibrate (int argc, char **argv);
int ts_cmd_watch (int argc, char **argv);
int ts_cmd_recognize (int argc, char **argv);
int ts_cmd_replay (int argc, char **argv);
int ts_cmd_log (int argc, char **argv);
int ts_cmd_cards (int argc, char **argv);
int ts_cmd_dashboard (int argc, char **argv);
int ts_cmd_synth (int argc, char **argv);
int ts_cmd_demo (int argc, char **argv);

/* The bundled recorded session's folder: in the source tree when run from a build, else the
 * installed copy. NULL when neither is there; free with g_free. */
char *ts_demo_session_path (void);
