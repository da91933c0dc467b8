notice('a')
break()
