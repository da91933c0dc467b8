/* t/erbsrc.c - the C ERB translator (compiler/ruby/erbsrc.c) against Ruby's
 * own: for tricky and for random templates (every tag, trim marker, blank,
 * CR LF, quote, "#{", control and non-ASCII byte mixed), the Ruby program
 * must be byte for byte what `ERB.new(text, trim_mode: '-').src` gives
 * (without its "#coding:" line), as the system `ruby` computes it.  Also
 * renders a few programs with ruby to check their output. */
#include "compiler/ruby/erbsrc.h"
#include "t/tap.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *tricky[] = {
    "", "plain", "a\n", "\n", "\n\n", "<%= 1 %>", "<%= 1 -%>", "<%= 1 -%>\n", "<%= 1 -%>\r\nx",
    "a <%- 1 -%>\n  b", "  <%- if true -%>\n  yes\n  <%- end -%>\n", "\t <%- x = 1 %>", "a\n\t<%- 2 %>",
    "<%% x %%> %>", "<%% <%- y %>", "a<%= 1 %>  <%- 2 %>b\nx  <%- 3 %>", "<% x = 1\n%>\n<%= x %>",
    "<% a\r\n%>", "<%# comment\nline %>\nafter", "x<%# c %>", "<%= \"a\" -%>", "<% unclosed", "<%= open",
    "\"q\" \\ #{x} #$y #@z #x", "caf\xc3\xa9 \x01\x7f\x1b\t\f\v\b\a\r", "-%> %> %%>", "<%%>", "<%-%>",
    "<%=-%>", "<%-= 1 %>", "a%><%", "<%= 1 %%> %>", "<%\n%>", "<%-\n-%>\n\n", "x\n<%%\n<%%y", "\r\n<% 1 %>\r\n",
    "<% -%>", "<%=1-%><%=2-%>", "<%- -%>", "%", "<", "<%", "-", "\n  <%- a -%>\n  <%- b -%>\n",
    "<%# c %>\nx", "<%# c -%>\nx", "<%#- c -%>\nx", "<%#%>", "<%#>", "<%# a %> %> b\n<%# c %>", "<%# a\nb %>c",
    "<%# a %><%# b %>\n", "<%# codings %>x", "<%# coding %>x", "<%# encoding: %>x", "<%# frozen string literal: 1 %>",
    "<%#-*- mode: ruby -*-%>x", "<%# a %>\r\n<%= 1 %>", "x <%#- c -%>\n y", "  <%- # c -%>\nz",
};
/* templates whose opening comment ERB reads as a magic comment */
static const char *magic[] = {
    "<%# coding: ascii %>", "<%#coding=binary-%>\nx", "<%# -*- coding: utf-8 -*- %>", "<%# frozen_string_literal: true %>",
    "<%# frozen-string-literal :false -%>\n", "<%# x %> <%# encoding: utf-8 %>", "<%# a\tcoding\t:\tu %>",
};

static const char *frag[] = {
    "<%", "<%=", "<%#", "<%%", "%>", "%%>", "-%>", "<%-", " ", "  ", "\t", "\n", "\n", "\r\n", "\r",
    "x", "1", "\"", "\\", "#{", "#$", "#@", "#", "%", "<", ">", "-", "=", "caf\xc3\xa9", "\x01", "'", "@v",
};

/* the translation, "#coding:UTF-8\n" first as ERB writes it */
static char *translate(const char *t, size_t n)
{
    Buf b = BUF_INIT;
    buf_adds(&b, "#coding:UTF-8\n");
    if (erbsrc_translate(&b, t, n) != 0) {
        buf_free(&b);
        return NULL;
    }
    return buf_detach(&b);
}

static uint32_t seed = 12345;
static uint32_t rnd(void) { return seed = seed * 1103515245u + 12345u, seed >> 8; }

int main(void)
{
    enum { NRANDOM = 600 };
    size_t ntricky = sizeof tricky / sizeof *tricky, nt = ntricky + NRANDOM;
    char **text = calloc(nt, sizeof *text);
    for (size_t i = 0; i < ntricky; i++) text[i] = strdup(tricky[i]);
    for (size_t i = ntricky; i < nt; i++) {
        Buf b = BUF_INIT;
        int len = 1 + (int)(rnd() % 24);
        for (int k = 0; k < len; k++) buf_adds(&b, frag[rnd() % (sizeof frag / sizeof *frag)]);
        text[i] = buf_detach(&b);
    }
    char dir[] = "/tmp/erbsrc.XXXXXX";
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    char in[64], out[64], cmd[1024];
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    FILE *f = fopen(in, "wb");
    for (size_t i = 0; i < nt; i++) fprintf(f, "%zu\n%s", strlen(text[i]), text[i]);
    fclose(f);
    /* length-prefixed texts in, length-prefixed programs out */
    snprintf(cmd, sizeof cmd,
             "ruby -rerb -e 'i = File.binread(ARGV[0]); o = +\"\".b; pos = 0\n"
             "while pos < i.size; nl = i.index(\"\\n\", pos); n = i[pos...nl].to_i; t = i.byteslice(nl + 1, n)\n"
             "pos = nl + 1 + n; s = ERB.new(t.force_encoding(\"UTF-8\"), trim_mode: \"-\").src.b; o << \"#{s.bytesize}\\n\" << s; end\n"
             "File.binwrite(ARGV[1], o)' %s %s",
             in, out);
    int rc = system(cmd);
    if (!ok(rc == 0, "ruby computed ERB's programs")) return done_testing();
    Buf got = BUF_INIT;
    buf_read_file(&got, out, 0);
    const char *p = buf_cstr(&got);
    size_t bad = 0, skipped = 0;
    for (size_t i = 0; i < nt; i++) {
        char *end;
        size_t n = strtoul(p, &end, 10);
        char *want = strndup(end + 1, n);
        p = end + 1 + n;
        char *mine = translate(text[i], strlen(text[i]));
        if (!mine) {
            skipped++;
        } else if (strcmp(mine, want) != 0) {
            if (bad++ < 5) {
                printf("# template %zu: ", i);
                for (const char *c = text[i]; *c; c++) printf(*c == '\n' ? "\\n" : "%c", *c);
                printf("\n");
            }
            if (i < ntricky) is_str(mine, want, "tricky template %zu", i);
        }
        free(mine);
        free(want);
    }
    ok(bad == 0, "%zu templates give ERB's program (%zu differ)", nt, bad);
    ok(skipped == 0, "only templates opening with a magic comment are left to Ruby's ERB (%zu others were)", skipped);
    size_t translated = 0;
    for (size_t i = 0; i < sizeof magic / sizeof *magic; i++) {
        char *mine = translate(magic[i], strlen(magic[i]));
        if (mine) translated++;
        free(mine);
    }
    ok(translated == 0, "templates opening with a magic comment are left to Ruby's ERB (%zu were not)", translated);
    /* rendering: the program prints what ERB's result would */
    snprintf(cmd, sizeof cmd, "ruby -e 'print eval(File.read(ARGV[0]))' %s/in > %s/out", dir, dir);
    const char *tpl = "a <%- 1 -%>\n  <%- if true -%>\n  y=<%= 6 * 7 %>\n  <%- end -%>\n<%% %%><%# c %>#{no}";
    char *prog = translate(tpl, strlen(tpl));
    f = fopen(in, "wb");
    fputs(prog, f);
    fclose(f);
    free(prog);
    rc = system(cmd);
    Buf r = BUF_INIT;
    buf_read_file(&r, out, 0);
    is_str(rc == 0 ? buf_cstr(&r) : NULL, "a   y=42\n<% %%>#{no}", "a translated template renders as ERB renders it");
    buf_free(&r);
    unlink(in);
    unlink(out);
    rmdir(dir);
    buf_free(&got);
    for (size_t i = 0; i < nt; i++) free(text[i]);
    free(text);
    return done_testing();
}
