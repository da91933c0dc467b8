# a width Ruby's strftime refuses (Errno::ERANGE over 5242880) is an error,
# never a string of half a gigabyte
notify { "w": message => Timestamp(0).strftime("%0556668991d") }
