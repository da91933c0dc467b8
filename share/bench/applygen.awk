# applygen.awk - writes an apply benchmark manifest of N resources under
# ROOT (awk -v n=N -v shape=SHAPE -v root=ROOT), for bench.sh:
#   flat     N files in ROOT/d, each with one line of content
#   chain    the same files, each requiring the one before
#   classes  the same files in N/10 classes of 10, each class requiring
#            the one before
#   fanin    N execs (each touching ROOT/d/eI once: creates), each
#            notifying one refreshonly exec
BEGIN {
    printf "file { \"%s/d\": ensure => directory }\n", root
    if (shape == "fanin") {
        printf "exec { \"sink\": command => \"/bin/true\", refreshonly => true }\n"
        for (i = 0; i < n; i++)
            printf "exec { \"e%d\": command => \"/bin/touch %s/d/e%d\", creates => \"%s/d/e%d\" } ~> Exec[\"sink\"]\n", i, root, i, root, i
        exit
    }
    if (shape == "classes") {
        for (c = 0; c * 10 < n; c++) {
            printf "class bench::c%d {\n", c
            for (j = c * 10; j < c * 10 + 10 && j < n; j++)
                printf "  file { \"%s/d/f%d\": ensure => file, content => \"file %d\\n\", mode => \"0640\" }\n", root, j, j
            printf "}\ninclude bench::c%d\n", c
            if (c > 0)
                printf "Class[\"bench::c%d\"] -> Class[\"bench::c%d\"]\n", c - 1, c
        }
        exit
    }
    for (i = 0; i < n; i++) {
        printf "file { \"%s/d/f%d\": ensure => file, content => \"file %d\\n\", mode => \"0640\" }\n", root, i, i
        if (shape == "chain" && i > 0)
            printf "File[\"%s/d/f%d\"] -> File[\"%s/d/f%d\"]\n", root, i - 1, root, i
    }
}
