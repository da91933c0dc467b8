# gen.awk - writes a benchmark manifest of about N resources (awk -v n=N):
# a fifth each of flat files, resources in classes, define instances (two
# resources each), virtual resources realised by collectors, and chained
# notifies.
BEGIN {
    q = int(n / 5)
    for (i = 0; i < q; i++)
        printf "file { '/tmp/bench/flat/%d': ensure => file, content => \"flat %d\\n\", mode => '0644' }\n", i, i
    nc = int(q / 10) + 1
    for (c = 0; c < nc; c++) {
        printf "class bench::c%d ($p = 'v%d') {\n", c, c
        for (j = 0; j < 10 && c * 10 + j < q; j++)
            printf "  file { '/tmp/bench/cls/%d/%d': ensure => file, content => \"${p} %d\" }\n", c, j, j
        printf "}\ninclude bench::c%d\n", c
    }
    print "define bench::pair (String $content) {"
    print "  file { \"/tmp/bench/def/${title}\": ensure => file, content => $content }"
    print "  notify { \"pair ${title}\": message => upcase($content) }"
    print "}"
    for (i = 0; i < q / 2; i++)
        printf "bench::pair { 'p%d': content => 'c%d' }\n", i, i
    for (i = 0; i < q; i++)
        printf "@file { '/tmp/bench/virt/%d': ensure => file, tag => ['t%d', 'virt'] }\n", i, i % 10
    print "File <| tag == 'virt' |> { mode => '0600' }"
    for (i = 0; i < q; i++)
        printf "notify { 'n%d': message => \"%s\" }\n", i, (i % 7 == 0 ? "seven" : "other")
    for (i = 1; i < q; i++)
        printf "Notify['n%d'] -> Notify['n%d']\n", i - 1, i
}
