$x = 9223372036854775807.each |$i| { if $i > 3 { fail("stop at ${i}") } }
