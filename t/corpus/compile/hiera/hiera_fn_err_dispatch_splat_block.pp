hiera_include(['a']) |$k| { 1 }
