$v = 'web-42'
if $v =~ /^(\w+)-(\d+)$/ {
  notify { "role=${1} num=${2}": }
}
notify { "after=[${1}]": }
