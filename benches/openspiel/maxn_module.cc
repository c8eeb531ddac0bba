// A Python binding for OpenSpiel's C++ MaxNSearch (open_spiel/algorithms/maxn.h), which the
// open-spiel wheel ships as source but does not bind in pyspiel. benches/openspiel_maxn.py builds
// it (with maxn.cc from the installed wheel) into target/ and links it against the wheel's
// pyspiel.so, so the search runs on the same C++ State objects as pyspiel, Python-defined games
// included.
#include <utility>
#include <vector>

#include "open_spiel/algorithms/maxn.h"
#include "open_spiel/spiel.h"
#include "pybind11/pybind11.h"
#include "pybind11/stl.h"

namespace py = pybind11;

PYBIND11_MODULE(ospiel_maxn, m) {
  m.doc() = "open_spiel::algorithms::MaxNSearch, bound for benches/openspiel_maxn.py";
  m.def(
      "maxn_search",
      [](const open_spiel::Game& game, const open_spiel::State& state, int depth_limit) {
        std::pair<std::vector<double>, open_spiel::Action> result =
            open_spiel::algorithms::MaxNSearch(game, &state, /*value_function=*/nullptr,
                                               depth_limit);
        return result;
      },
      py::arg("game"), py::arg("state"), py::arg("depth_limit"),
      "MaxNSearch(game, &state, nullptr, depth_limit): (values per player, best action)");
}
