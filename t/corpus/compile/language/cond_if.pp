$x = 5
if $x > 10 {
  notify { 'big': }
} elsif $x > 3 {
  notify { 'medium': }
} else {
  notify { 'small': }
}
