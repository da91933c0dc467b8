# widths Ruby allows, but a result longer than mcomp's 64 MiB limit
$f = "%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d%05000000d"
notice(Timestamp(0).strftime($f).length)
