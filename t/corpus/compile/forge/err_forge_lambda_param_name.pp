$f = [1].map |$Bad| { 1 }
