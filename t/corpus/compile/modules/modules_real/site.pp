# The environment's main manifest: nodes are classified from Hiera data
# (the `classes` key, collected from every hierarchy level).
node default {
  lookup('classes', Array[String[1]], 'unique', []).include
}
