/* Signs requests with liboauth (Debian liboauth-dev): each stdin line holds hex-encoded tab-separated fields
 * (method, URL with the query and form body appended as liboauth expects, has-body flag, consumer key, consumer
 * secret, token, token secret, nonce, timestamp); each output line is {"oauth":"...","baseString":"..."}: the
 * oauth_* arguments liboauth signed, as it holds them, joined with & (escaped where JSON needs it), and its
 * base string. */
#include <stddef.h>
#include <oauth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *unhex(const char *s, size_t n) {
  char *out = malloc(n / 2 + 1);
  for (size_t i = 0; i + 1 < n; i += 2) { unsigned v; sscanf(s + i, "%2x", &v); out[i / 2] = (char)v; }
  out[n / 2] = 0;
  return out;
}

int main(void) {
  char line[1 << 16];
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (fgets(line, sizeof line, stdin)) {
    char *f[9];
    char *p = line;
    for (int i = 0; i < 9; i++) {
      size_t n = strcspn(p, "\t\n");
      f[i] = unhex(p, n);
      p += n + (p[n] ? 1 : 0);
    }
    int argc = 0;
    char **argv = NULL;
    int body = strcmp(f[2], "1") == 0;
    argc = body ? oauth_split_post_paramters(f[1], &argv, 0) : oauth_split_url_parameters(f[1], &argv);
    char nonce[4096], ts[256];
    snprintf(nonce, sizeof nonce, "oauth_nonce=%s", f[7]);
    snprintf(ts, sizeof ts, "oauth_timestamp=%s", f[8]);
    oauth_add_param_to_array(&argc, &argv, nonce);
    oauth_add_param_to_array(&argc, &argv, ts);
    char *postargs = NULL;
    oauth_sign_array2_process(&argc, &argv, body ? &postargs : NULL, OA_HMAC, f[0], f[3], f[4], *f[5] ? f[5] : NULL, *f[5] ? f[6] : NULL);
    int first = 1;
    printf("{\"oauth\":\"");
    for (int i = 1; i < argc; i++) {
      if (strncmp(argv[i], "oauth_", 6) != 0) continue;
      if (!first) putchar('&');
      for (const unsigned char *c = (const unsigned char *)argv[i]; *c; c++) {
        if (*c < 0x20 || *c == '"' || *c == '\\') printf("\\u%04x", *c);
        else putchar(*c);
      }
      first = 0;
    }
    /* The base string as liboauth built it: the sorted arguments without oauth_signature, serialized and joined
     * with the method and argv[0] (its normalized URL), as oauth_sign_array2_process does before signing. */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
      if (strncmp(argv[i], "oauth_signature=", 16) == 0) free(argv[i]);
      else argv[kept++] = argv[i];
    }
    argc = kept;
    char *query = oauth_serialize_url_parameters(argc, argv);
    char *base = oauth_catenc(3, f[0], argv[0], query);
    printf("\",\"baseString\":\"%s\"}\n", base);
    free(query);
    free(base);
    oauth_free_array(&argc, &argv);
    free(postargs);
    for (int i = 0; i < 9; i++) free(f[i]);
  }
  return 0;
}
